import { distance } from 'fastest-levenshtein';
import { sql } from 'kysely';
import { stemmer } from 'stemmer';
import type { SearchAnswer, SearchHit, SearchType } from '@forkcast/shared/contracts';
import { SEARCH_TYPES } from '@forkcast/shared/contracts';
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
// then the body. FTS5's bm25 adds the weighted counts of every column and then normalises by the
// length of the whole row, so a long post's title match can still rank under a short row's excerpt
// match: the tiers keep title over excerpt over body whatever the lengths.
const RANK = sql`bm25(search_index, 10.0, 5.0, 1.0, 2.0)`;
const SNIPPET_TOKENS = 24;

/** The words of a query, at most MAX_TERMS, as the index will compare them (case and accents aside). */
function queryTerms(query: string): string[] {
  return (query.match(WORD) ?? []).slice(0, MAX_TERMS);
}

/** The same words matched by any one of them in a single column (`{title} : ("a" OR "b"*)`). */
function anyInColumn(column: 'title' | 'excerpt', terms: readonly string[]): string {
  return `{${column}} : (${terms.map((term, index) => quoted(term, index === terms.length - 1)).join(' OR ')})`;
}

/**
 * The FTS5 query for the words: every word must match, each as a quoted string so that nothing a
 * reader types is read as FTS5 syntax (quotes, `*`, `NEAR`, `OR`, `-`, column names), and the last
 * also as the start of a longer word, since a reader may not have finished typing it.
 */
function matchExpression(terms: readonly string[]): string {
  return terms.map((term, index) => quoted(term, index === terms.length - 1)).join(' ');
}

function quoted(term: string, last: boolean): string {
  return `"${term.replaceAll('"', '""')}"${last && term.length >= 2 ? '*' : ''}`;
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

const matches = (match: string) => sql<boolean>`search_index match ${match}`;

// Matches are grouped, filtered and ordered by their narrow rows in search_facets: the same columns
// of search_documents sit beside the whole body, a page read for each match of a common word.
function filtered(db: Db, match: string, filters: { type?: SearchType | undefined; city?: string | undefined }) {
  let query = db
    .selectFrom(sql<{ rowid: number }>`search_index`.as('search_index'))
    .innerJoin('searchFacets as d', (join) => join.onRef('d.id', '=', 'search_index.rowid'))
    .where(matches(match));
  if (filters.type) query = query.where('d.kind', '=', filters.type);
  if (filters.city) query = query.where('d.citySlug', '=', filters.city);
  return query;
}

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

/** How many matches each pair of filter values holds: every total and count of the answer comes from these. */
async function matchCounts(db: Db, match: string) {
  const rows = await filtered(db, match, {})
    .select(['d.kind', 'd.citySlug', 'd.city', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['d.kind', 'd.citySlug'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

function facetsOf(counts: Awaited<ReturnType<typeof matchCounts>>, request: SearchRequest): Pick<SearchAnswer, 'total' | 'facets'> {
  const types = Object.fromEntries(SEARCH_TYPES.map((type) => [type, 0])) as Record<SearchType, number>;
  const cities = new Map<string, { slug: string; name: string; count: number }>();
  let total = 0;
  for (const row of counts) {
    const inType = !request.type || row.kind === request.type;
    const inCity = !request.city || row.citySlug === request.city;
    if (inCity) types[row.kind] += row.count;
    if (inType && row.citySlug !== null) {
      const city = cities.get(row.citySlug) ?? { slug: row.citySlug, name: row.city, count: 0 };
      city.count += row.count;
      cities.set(row.citySlug, city);
    }
    if (inType && inCity) total += row.count;
  }
  return { total, facets: { types, cities: [...cities.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)) } };
}

async function hitsFor(db: Db, request: SearchRequest, terms: readonly string[]): Promise<SearchHit[]> {
  const match = matchExpression(terms);
  const inColumn = (column: 'title' | 'excerpt') =>
    sql<boolean>`d.id in (select rowid from search_index where search_index match ${anyInColumn(column, terms)})`;
  const tier = sql<number>`case when ${inColumn('title')} then 2 when ${inColumn('excerpt')} then 1 else 0 end`;
  const ranked = await filtered(db, match, request)
    .select('d.id')
    .orderBy(tier, 'desc')
    .orderBy(RANK)
    .orderBy('d.date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(request.limit)
    .offset(request.offset)
    .execute();
  if (ranked.length === 0) return [];
  // Marking the words costs a pass over each row's text: only for the page of results shown.
  const { start, end } = HIGHLIGHT;
  const rows = await db
    .selectFrom(sql<{ rowid: number }>`search_index`.as('search_index'))
    .innerJoin('searchDocuments as d', (join) => join.onRef('d.id', '=', 'search_index.rowid'))
    .where(matches(match))
    .where(
      'd.id',
      'in',
      ranked.map((row) => row.id),
    )
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
  return ranked.map((row) => toHit(byId.get(row.id)!));
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
export async function searchSite(db: Db, request: SearchRequest): Promise<SearchAnswer> {
  const query = request.query.trim();
  const terms = queryTerms(query);
  const empty: SearchAnswer = {
    query,
    correctedQuery: null,
    total: 0,
    hits: [],
    facets: { types: { guide: 0, post: 0, restaurant: 0, author: 0, page: 0 }, cities: [] },
  };
  if (terms.length === 0) return empty;
  let searched = terms;
  let counts = await matchCounts(db, matchExpression(terms));
  let correctedQuery: string | null = null;
  // Nothing at all for the words as typed: try them as the index spells them (typo tolerance).
  if (counts.length === 0) {
    const respelt = await respelled(db, terms);
    if (respelt) {
      searched = respelt;
      counts = await matchCounts(db, matchExpression(respelt));
    }
  }
  const hits = counts.length === 0 ? [] : await hitsFor(db, request, searched);
  if (searched !== terms && counts.length > 0) correctedQuery = shownQuery(searched, terms, hits[0]);
  return { query, correctedQuery, ...facetsOf(counts, request), hits };
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
