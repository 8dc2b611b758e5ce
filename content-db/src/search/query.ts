import { distance } from 'fastest-levenshtein';
import { sql } from 'kysely';
import { stemmer } from 'stemmer';
import type { SearchAnswer, SearchHit, SearchType } from '@forkcast/shared/contracts';
import { SEARCH_LIMITS, SEARCH_TYPES } from '@forkcast/shared/contracts';
import type { Db } from '../db.ts';
import { HIGHLIGHT, toRuns } from './highlight.ts';

export interface SearchRequest {
  query: string;
  type?: SearchType | undefined;
  /** A city's slug. */
  city?: string | undefined;
  limit: number;
  offset: number;
}

/** Words of a query taken into account; more are ignored. */
const MAX_TERMS = 10;
// Words as FTS5's unicode61 tokenizer sees them: runs of letters, digits and combining marks.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
// Within a tier (below), a match in the title weighs most, then the excerpt, then the city's name,
// then the body; the facets column (migration 0038) holds no reader's words and weighs nothing.
// FTS5's bm25 adds the weighted counts of every column and then normalises by the length of the
// whole row, so a long post's title match can still rank under a short row's excerpt match: the
// tiers keep title over excerpt over body whatever the lengths.
const RANK = sql<number>`bm25(search_index, 10.0, 5.0, 1.0, 2.0, 0.0)`;
// bm25 with the weight of one column alone is below zero exactly when a word of the query is in
// that column (FTS5 keeps every word's IDF above zero): a row's tier without a second query.
const IN_TITLE = sql<number>`bm25(search_index, 1.0, 0.0, 0.0, 0.0, 0.0) < 0`;
const IN_EXCERPT = sql<number>`bm25(search_index, 0.0, 1.0, 0.0, 0.0, 0.0) < 0`;
const SNIPPET_TOKENS = 24;
// The columns a reader's words are looked for in.
const TEXT_COLUMNS = '{title excerpt body city}';

/** The words of a query, at most MAX_TERMS, as the index will compare them (case and accents aside). */
function queryTerms(query: string): string[] {
  return (query.match(WORD) ?? []).slice(0, MAX_TERMS);
}

/**
 * The FTS5 query for the words: every word must match, each as a quoted string so that nothing a
 * reader types is read as FTS5 syntax (quotes, `*`, `NEAR`, `OR`, `-`, column names), and the last,
 * with `prefix`, also as the start of a longer word, since a reader may not have finished typing it.
 */
function matchExpression(terms: readonly string[], prefix = true): string {
  return `${TEXT_COLUMNS} : (${terms.map((term, index) => quoted(term, prefix && index === terms.length - 1)).join(' ')})`;
}

function quoted(term: string, last: boolean): string {
  return `"${term.replaceAll('"', '""')}"${last && term.length >= 2 ? '*' : ''}`;
}

/** The match narrowed by the filters, as words of the facets column (see migration 0038); undefined for a city that has no id. */
async function filteredExpression(db: Db, match: string, filters: Filters): Promise<string | undefined> {
  let expression = `(${match})`;
  if (filters.type) expression += ` AND {facets} : "0k${filters.type}"`;
  if (filters.city) {
    const city = await db.selectFrom('cities').select('id').where('slug', '=', filters.city).executeTakeFirst();
    if (!city) return undefined;
    expression += ` AND {facets} : "0c${city.id}"`;
  }
  return expression;
}

interface Filters {
  type?: SearchType | undefined;
  city?: string | undefined;
}

interface HitRow {
  kind: SearchType;
  url: string;
  title: string;
  city: string;
  citySlug: string | null;
  titleMarked: string;
  excerptMarked: string;
  bodyMarked: string;
}

/** A match with what it is ranked, counted and filtered by. */
interface Match {
  id: number;
  rank: number;
  inTitle: number;
  inExcerpt: number;
  kind: SearchType;
  citySlug: string | null;
  city: string;
  date: string;
}

const matches = (match: string) => sql<boolean>`search_index match ${match}`;

/**
 * The newest `limit` matches of an FTS5 expression (FTS5 walks its lists by rowid, so this visits
 * `limit` rows however many match), each with its rank and tier, and its kind, city and date from
 * the narrow rows of search_facets (search_documents would read a page of body for each).
 */
async function newestMatches(db: Db, expression: string, limit: number): Promise<Match[]> {
  const found = db
    .selectFrom(sql<{ rowid: number }>`search_index`.as('search_index'))
    .where(matches(expression))
    .select([sql<number>`rowid`.as('id'), RANK.as('rank'), IN_TITLE.as('inTitle'), IN_EXCERPT.as('inExcerpt')])
    .orderBy(sql`rowid`, 'desc')
    .limit(limit);
  return db
    .selectFrom(found.as('m'))
    .innerJoin('searchFacets as d', 'd.id', 'm.id')
    .select(['m.id', 'm.rank', 'm.inTitle', 'm.inExcerpt', 'd.kind', 'd.citySlug', 'd.city', 'd.date'])
    .execute();
}

const tierOf = (match: Match) => (match.inTitle ? 2 : match.inExcerpt ? 1 : 0);

/** Best first: title over excerpt over body, then bm25, then the newest, then the last made. */
function ranked(found: readonly Match[]): Match[] {
  return [...found].sort(
    (a, b) => tierOf(b) - tierOf(a) || a.rank - b.rank || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) || b.id - a.id,
  );
}

const within = (match: Match, filters: Filters) =>
  (!filters.type || match.kind === filters.type) && (!filters.city || match.citySlug === filters.city);

// The passage shown under a title: the excerpt where it holds a match, else the body's best
// passage, else the excerpt's opening (or the body's, for a post without an excerpt).
function snippetOf(row: HitRow): string {
  if (row.excerptMarked.includes(HIGHLIGHT.start)) return row.excerptMarked;
  if (row.bodyMarked.includes(HIGHLIGHT.start)) return row.bodyMarked;
  return row.excerptMarked || row.bodyMarked;
}

function toHit(row: HitRow): SearchHit {
  return {
    type: row.kind,
    title: row.title,
    url: row.url,
    city: row.citySlug === null ? null : { slug: row.citySlug, name: row.city },
    titleRuns: toRuns(row.titleMarked),
    snippet: toRuns(snippetOf(row)),
  };
}

/** The filters' counts of these matches: types under the city filter, cities under the type filter, and the total under both. */
function facetsOf(found: readonly Match[], request: Filters): Pick<SearchAnswer, 'total' | 'facets'> {
  const types = Object.fromEntries(SEARCH_TYPES.map((type) => [type, 0])) as Record<SearchType, number>;
  const cities = new Map<string, { slug: string; name: string; count: number }>();
  let total = 0;
  for (const row of found) {
    const inType = !request.type || row.kind === request.type;
    const inCity = !request.city || row.citySlug === request.city;
    if (inCity) types[row.kind] += 1;
    if (inType && row.citySlug !== null) {
      const city = cities.get(row.citySlug) ?? { slug: row.citySlug, name: row.city, count: 0 };
      city.count += 1;
      cities.set(row.citySlug, city);
    }
    if (inType && inCity) total += 1;
  }
  return { total, facets: { types, cities: sortedCities([...cities.values()]) } };
}

const sortedCities = (cities: { slug: string; name: string; count: number }[]) =>
  cities.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

/** The page of results asked for, with the matched words marked: a pass over each row's text, so only for the page shown. */
async function hitsFor(db: Db, match: string, page: readonly Match[]): Promise<SearchHit[]> {
  if (page.length === 0) return [];
  const { start, end } = HIGHLIGHT;
  // FTS5 reads the ids' range of its lists once (a list of ids would be one look-up each, and a
  // prefix's words merged again for every one); the ids themselves are checked on its rows ('+'
  // keeps SQLite from handing them to FTS5). Joined through search_documents instead, SQLite walked
  // every match of the words and looked each up.
  const ids = page.map((row) => row.id);
  const rows = await db
    .selectFrom(sql<{ rowid: number }>`search_index`.as('search_index'))
    .innerJoin('searchDocuments as d', (join) => join.onRef('d.id', '=', 'search_index.rowid'))
    .where(matches(match))
    .where(sql<boolean>`search_index.rowid between ${Math.min(...ids)} and ${Math.max(...ids)}`)
    .where(sql<boolean>`+search_index.rowid in (${sql.join(ids)})`)
    .select([
      'd.id',
      'd.kind',
      'd.url',
      'd.title',
      'd.city',
      'd.citySlug',
      sql<string>`highlight(search_index, 0, ${start}, ${end})`.as('titleMarked'),
      sql<string>`snippet(search_index, 1, ${start}, ${end}, '…', ${SNIPPET_TOKENS})`.as('excerptMarked'),
      sql<string>`snippet(search_index, 2, ${start}, ${end}, '…', ${SNIPPET_TOKENS})`.as('bodyMarked'),
    ])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row as HitRow]));
  return page.map((row) => toHit(byId.get(row.id)!));
}

/** What one search found: the counts of the answer and the matches it ranks. */
interface Found extends Pick<SearchAnswer, 'total' | 'totalExact' | 'facets' | 'facetsExact'> {
  /** The FTS5 query that found them. */
  match: string;
  /** Whether anything matches the words, whatever the filters. */
  matched: boolean;
  candidates: Match[];
}

/**
 * Counts and candidates of the words, never visiting more than `countLimit` + 1 matches of each
 * expression. Up to the bound, every match is counted and ranked, as exactly as a search of every
 * row. Above it, the total is the bound ('1,000+'); the facets count the newest `countLimit`
 * matches (lower bounds), except the filters' own values, which the narrowed search counts; and
 * the results are the best of the newest `countLimit` matches under the filters.
 */
async function find(db: Db, match: string, filters: Filters, countLimit: number): Promise<Found> {
  const sample = await newestMatches(db, match, countLimit + 1);
  if (sample.length <= countLimit) {
    const candidates = sample.filter((row) => within(row, filters));
    return { ...facetsOf(sample, filters), totalExact: true, facetsExact: true, match, matched: sample.length > 0, candidates };
  }
  sample.pop();
  const { facets } = facetsOf(sample, filters);
  if (!filters.type && !filters.city)
    return { total: countLimit, totalExact: false, facets, facetsExact: false, match, matched: true, candidates: sample };
  const expression = await filteredExpression(db, match, filters);
  const candidates = expression === undefined ? [] : await newestMatches(db, expression, countLimit + 1);
  const totalExact = candidates.length <= countLimit;
  if (!totalExact) candidates.pop();
  const total = candidates.length;
  // The filters' own values are counted exactly (up to the bound), as the total is.
  if (filters.type) facets.types[filters.type] = total;
  if (filters.city) {
    const others = facets.cities.filter((city) => city.slug !== filters.city);
    const name = facets.cities.find((city) => city.slug === filters.city)?.name ?? candidates[0]?.city;
    facets.cities = sortedCities(name === undefined ? others : [...others, { slug: filters.city, name, count: total }]);
  }
  return { total, totalExact, facets, facetsExact: false, match, matched: true, candidates };
}

/**
 * `find` for the words, the last also as the start of a longer word, unless it already matches more
 * than the bound as typed: FTS5 reads every word a prefix starts into one list before the first
 * match ('the' starts thousands), while a word's own list is read only as far as it is needed.
 */
async function findWords(db: Db, terms: readonly string[], filters: Filters, countLimit: number): Promise<Found> {
  if (terms.at(-1)!.length >= 2) {
    const asTyped = matchExpression(terms, false);
    const { rows } = await sql<{ count: number }>`
      select count(*) as count from (select rowid from search_index where search_index match ${asTyped} limit ${countLimit + 1})
    `.execute(db);
    if (rows[0]!.count > countLimit) return find(db, asTyped, filters, countLimit);
  }
  return find(db, matchExpression(terms), filters, countLimit);
}

/** A word as the index keeps it before stemming: lower case, accents removed. */
const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The index's word nearest to a word it does not hold, if one is near enough: one edit for a short
 * word, two for a longer one, the commoner word among equals. Words are compared as the porter
 * stemmer leaves them (the index holds stems), among the index's words that start with the same two
 * letters, which keeps the look-up to a small range of its word list.
 */
async function nearestIndexedWord(db: Db, word: string): Promise<string | undefined> {
  const stem = stemmer(folded(word));
  if (stem.length < 4 || /\d/.test(stem)) return undefined;
  const known = await sql<{ term: string }>`select term from search_terms where term = ${stem}`.execute(db);
  if (known.rows.length > 0) return undefined;
  const start = stem.slice(0, 2);
  const after = start.slice(0, -1) + String.fromCodePoint(start.codePointAt(1)! + 1);
  const { rows } = await sql<{ term: string; doc: number }>`
    select term, doc from search_terms where term >= ${start} and term < ${after} and length(term) between ${stem.length - 2} and ${stem.length + 2}
  `.execute(db);
  const allowed = stem.length <= 5 ? 1 : 2;
  let best: { term: string; edits: number; doc: number } | undefined;
  for (const row of rows) {
    const edits = distance(stem, row.term);
    if (edits > allowed) continue;
    if (!best || edits < best.edits || (edits === best.edits && row.doc > best.doc)) best = { term: row.term, edits, doc: row.doc };
  }
  return best?.term;
}

/** The query's words with each misspelt one replaced by the index's nearest word, or undefined when none is. */
async function respelled(db: Db, terms: readonly string[]): Promise<string[] | undefined> {
  let changed = false;
  const words: string[] = [];
  for (const term of terms) {
    const nearest = await nearestIndexedWord(db, term);
    changed ||= nearest !== undefined;
    words.push(nearest ?? term);
  }
  return changed ? words : undefined;
}

/**
 * How to show a respelt query: each replaced word as the first hit spells it where it matched (the
 * index holds 'restaur', the page says 'restaurant'), else as the index holds it.
 */
function shownQuery(terms: readonly string[], original: readonly string[], hit: SearchHit | undefined): string {
  const matched = [...(hit?.titleRuns ?? []), ...(hit?.snippet ?? [])].filter((run) => run.match).map((run) => run.text);
  return terms
    .map((term, index) => {
      if (term === original[index]) return term;
      return matched.find((word) => stemmer(folded(word)).startsWith(term))?.toLowerCase() ?? term;
    })
    .join(' ');
}

/**
 * Searches the published site: titles, excerpts, bodies as pages show them, city names and the
 * restaurants of every published guide, best match first (title over excerpt over body), with the
 * matched words marked in each title and passage. When the words as typed match nothing, the
 * nearest words the index holds are searched instead and named in `correctedQuery`. A query
 * without a single word finds nothing.
 */
export async function searchSite(
  db: Db,
  request: SearchRequest,
  { countLimit = SEARCH_LIMITS.countLimit }: { countLimit?: number } = {},
): Promise<SearchAnswer> {
  const query = request.query.trim();
  const terms = queryTerms(query);
  const empty: SearchAnswer = {
    query,
    correctedQuery: null,
    total: 0,
    totalExact: true,
    hits: [],
    facets: { types: { guide: 0, post: 0, restaurant: 0, author: 0, page: 0 }, cities: [] },
    facetsExact: true,
  };
  if (terms.length === 0) return empty;
  const filters = { type: request.type, city: request.city };
  let searched = terms;
  let found = await findWords(db, terms, filters, countLimit);
  let correctedQuery: string | null = null;
  // Nothing at all for the words as typed: try them as the index spells them (typo tolerance).
  if (!found.matched) {
    const respelt = await respelled(db, terms);
    if (respelt) {
      searched = respelt;
      found = await findWords(db, respelt, filters, countLimit);
    }
  }
  const { candidates, matched, match, ...counts } = found;
  const page = ranked(candidates).slice(request.offset, request.offset + request.limit);
  const hits = await hitsFor(db, match, page);
  if (searched !== terms && matched) correctedQuery = shownQuery(searched, terms, hits[0]);
  return { query, correctedQuery, ...counts, hits };
}

/** Every city something can be found in, by name: the choices of the city filter. */
export async function searchableCities(db: Db): Promise<{ slug: string; name: string }[]> {
  const rows = await db
    .selectFrom('searchDocuments')
    .select(['citySlug', 'city'])
    .where('citySlug', 'is not', null)
    .groupBy('citySlug')
    .orderBy('city')
    .execute();
  return rows.map((row) => ({ slug: row.citySlug!, name: row.city }));
}
