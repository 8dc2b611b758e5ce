/** What POST /api/import took in: created, matched, or left as it was. */
export interface ImportReport {
  users: { created: number; matched: number };
  cities: number;
  posts: number;
  subscribers: { created: number; skipped: number };
}

/** What POST /api/import/ghost created (or, on a dry run, would create), skipped, and could not carry. */
export interface GhostImportReport {
  dryRun: boolean;
  posts: {
    created: { slug: string; title: string; status: 'published' | 'draft' | 'scheduled' }[];
    skipped: { slug: string; reason: string }[];
  };
  users: { created: string[]; matched: string[] };
  tags: string[];
  redirects: { from: string; to: string }[];
  /** What a Forkcast site has no place for, listed so nothing is dropped unseen. */
  notCarried: {
    cards: { post: string; cards: string[] }[];
    internalTags: string[];
    pages: string[];
    members: number;
    tiers: number;
    newsletters: number;
    offers: number;
    snippets: number;
    images: { post: string; src: string; reason: string }[];
  };
}
