/** Where a redirect comes from: a slug change, deletion or import keeps `automatic` ones; editors make theirs. */
export const REDIRECT_SOURCES = ['automatic', 'editor'] as const;
export type RedirectSource = (typeof REDIRECT_SOURCES)[number];

/** A redirect as the API answers it (GET /api/redirects). */
export interface RedirectView {
  id: number;
  /** The path it answers, on this site. */
  from: string;
  /** Where it leads: a path on this site (a query string may follow) or an http(s) address. */
  to: string;
  status: 301 | 302;
  source: RedirectSource;
  createdAt: string;
}

/** POST /api/redirects/import: how many redirects the list added. */
export interface RedirectImportResult {
  created: number;
}
