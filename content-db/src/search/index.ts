/** Site search over SQLite FTS5: the rows kept current by every change, and the query. */
export { ensureSearchIndex, rebuildSearchIndex, refreshSearchIndex, searchIndexDrift } from './documents.ts';
export { searchSite, type SearchRequest } from './query.ts';
