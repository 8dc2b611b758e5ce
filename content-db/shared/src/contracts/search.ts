/** What the site search finds, as GET /api/search answers it and the /search page and dialog show it. */

/** The kinds of result, each a filter: a city's guide, a dining post, a restaurant from a guide's itinerary, an author's page, a page an editor wrote. */
export const SEARCH_TYPES = ['guide', 'post', 'restaurant', 'author', 'page'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** How each kind is named, in the filters (plural) and on a result (singular). */
export const SEARCH_TYPE_LABELS: Record<SearchType, { plural: string; one: string }> = {
  guide: { plural: 'City guides', one: 'City guide' },
  post: { plural: 'Dining posts', one: 'Dining post' },
  restaurant: { plural: 'Restaurants', one: 'Restaurant' },
  author: { plural: 'Authors', one: 'Author' },
  page: { plural: 'Pages', one: 'Page' },
};

/** The server-rendered results page, which works as a plain GET form. */
export const SEARCH_PAGE = '/search';

export const SEARCH_LIMITS = {
  /** Characters of a query. */
  query: 200,
  /** Results in one answer of the API, at most and by default. */
  maxResults: 50,
  defaultResults: 10,
  /** Results on one page of /search. */
  perPage: 20,
  /** How far into the results anyone may page. */
  maxOffset: 1000,
  /**
   * Matches counted and ranked at most: a search visits no more, whatever the archive. Above it the
   * total reads '1,000+', and the results are the best of the newest 1,000 matches.
   */
  countLimit: 1000,
} as const;

/** A stretch of text, marked when it is a word the query matched. */
export interface TextRun {
  text: string;
  match: boolean;
}

export interface SearchHit {
  type: SearchType;
  title: string;
  /** Where the result leads (a restaurant leads to its city's guide). */
  url: string;
  city: { slug: string; name: string } | null;
  /** The title, with the matched words marked. */
  titleRuns: TextRun[];
  /** A short passage of the excerpt or body around the matched words, marked. */
  snippet: TextRun[];
}

/** GET /api/search. */
export interface SearchAnswer {
  /** The query as it was searched (trimmed). */
  query: string;
  /** When nothing matched the query as typed, the spelling that was searched instead. */
  correctedQuery: string | null;
  /** All matches under the filters, of which `hits` is the page asked for; at most `SEARCH_LIMITS.countLimit`. */
  total: number;
  /** False when more than `total` match (`SEARCH_LIMITS.countLimit` of them were counted): shown as '1,000+'. */
  totalExact: boolean;
  hits: SearchHit[];
  /** How many matches each filter value would give: types under the city filter, cities under the type filter. */
  facets: {
    types: Record<SearchType, number>;
    cities: { slug: string; name: string; count: number }[];
  };
  /**
   * False when the words match more than `SEARCH_LIMITS.countLimit` rows: then each count is of
   * the newest of them only, so at least that many match (shown as '12+'), except the filters'
   * own values, which count as `total` does.
   */
  facetsExact: boolean;
}

/** A count as readers see it: '1,000+' when counting stopped there, '12+' for at least twelve. */
export function countText(count: number, exact: boolean): string {
  return `${count.toLocaleString('en-US')}${exact ? '' : '+'}`;
}

/** '1 result', '7 results', '1,000+ results': the total of an answer, as the dialog and the page say it. */
export function resultsText(answer: Pick<SearchAnswer, 'total' | 'totalExact'>): string {
  return `${countText(answer.total, answer.totalExact)} ${answer.total === 1 && answer.totalExact ? 'result' : 'results'}`;
}

/** What the API passes the /search page when it renders it for a request. */
export interface SearchPageState {
  /** The query as typed ('' before any search). */
  query: string;
  type: SearchType | null;
  /** A city's slug. */
  city: string | null;
  /** 1-based page of results. */
  page: number;
  /** The results, or null when there is no query or it was refused. */
  answer: SearchAnswer | null;
  /** Every city something can be found in, for the city filter. */
  cities: { slug: string; name: string }[];
  /** Why the query was refused, in words for the reader. */
  problem: string | null;
}
