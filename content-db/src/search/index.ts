/** Site search over SQLite FTS5: the rows kept current by every change, and the query. */
export {
  clearSearchIndex,
  ensureSearchIndex,
  rebuildSearchIndex,
  refreshSearchIndex,
  searchIndexBytes,
  searchIndexDrift,
} from './documents.ts';
export { searchableCities, searchSite, type SearchRequest } from './query.ts';
