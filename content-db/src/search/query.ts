import { sql } from 'kysely';
import type { SearchAnswer, SearchHit, SearchType } from '../contracts/search.ts';
import { SEARCH_TYPES } from '../contracts/search.ts';
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
export function queryTerms(query: string): string[] {
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
export function matchExpression(terms: readonly string[]): string {
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

function filtered(db: Db, match: string, filters: { type?: SearchType | undefined; city?: string | undefined }) {
  let query = db
    .selectFrom(sql<{ rowid: number }>`search_index`.as('search_index'))
    .innerJoin('searchDocuments as d', (join) => join.onRef('d.id', '=', 'search_index.rowid'))
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

async function answerFor(
  db: Db,
  request: SearchRequest,
  terms: readonly string[],
): Promise<Omit<SearchAnswer, 'query' | 'correctedQuery'>> {
  const match = matchExpression(terms);
  const { start, end } = HIGHLIGHT;
  const inColumn = (column: 'title' | 'excerpt') =>
    sql<boolean>`d.id in (select rowid from search_index where search_index match ${anyInColumn(column, terms)})`;
  const tier = sql<number>`case when ${inColumn('title')} then 2 when ${inColumn('excerpt')} then 1 else 0 end`;
  const rows = await filtered(db, match, request)
    .select([
      'd.kind',
      'd.url',
      'd.title',
      'd.city',
      'd.citySlug',
      sql<string>`highlight(search_index, 0, ${start}, ${end})`.as('titleMarked'),
      sql<string>`snippet(search_index, 1, ${start}, ${end}, '…', ${SNIPPET_TOKENS})`.as('excerptMarked'),
      sql<string>`snippet(search_index, 2, ${start}, ${end}, '…', ${SNIPPET_TOKENS})`.as('bodyMarked'),
    ])
    .orderBy(tier, 'desc')
    .orderBy(RANK)
    .orderBy('d.date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(request.limit)
    .offset(request.offset)
    .execute();
  const typeCounts = await filtered(db, match, { city: request.city })
    .select(['d.kind', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('d.kind')
    .execute();
  const cityCounts = await filtered(db, match, { type: request.type })
    .where('d.citySlug', 'is not', null)
    .select(['d.citySlug', 'd.city', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('d.citySlug')
    .orderBy('count', 'desc')
    .orderBy('d.city')
    .execute();
  const types = Object.fromEntries(SEARCH_TYPES.map((type) => [type, 0])) as Record<SearchType, number>;
  for (const row of typeCounts) types[row.kind] = Number(row.count);
  return {
    total: request.type ? types[request.type] : SEARCH_TYPES.reduce((sum, type) => sum + types[type], 0),
    hits: (rows as HitRow[]).map(toHit),
    facets: {
      types,
      cities: cityCounts.map((row) => ({ slug: row.citySlug!, name: row.city, count: Number(row.count) })),
    },
  };
}

/**
 * Searches the published site: titles, excerpts, bodies as pages show them, city names and the
 * restaurants of every published guide, best match first (title over excerpt over body), with the
 * matched words marked in each title and passage. A query without a single word finds nothing.
 */
export async function searchSite(db: Db, request: SearchRequest): Promise<SearchAnswer> {
  const query = request.query.trim();
  const terms = queryTerms(query);
  const empty: SearchAnswer = {
    query,
    correctedQuery: null,
    total: 0,
    hits: [],
    facets: { types: { guide: 0, post: 0, restaurant: 0 }, cities: [] },
  };
  if (terms.length === 0) return empty;
  return { query, correctedQuery: null, ...(await answerFor(db, request, terms)) };
}
