/** Page views and visitors; a visitor is counted once a day, and `visitors` sums the days. */
export interface InsightCount {
  pageviews: number;
  visitors: number;
}

/** The newsletter's side of a period: who signed up, confirmed and left, and each send's outcome. */
export interface NewsletterInsights {
  signups: number;
  /** Of the period's sign-ups, how many have confirmed. */
  confirmed: number;
  /** confirmed / signups, or null when nobody signed up. */
  confirmationRate: number | null;
  unsubscribes: number;
  sends: { id: number; subject: string; status: string; at: string; delivered: number; failed: number }[];
}

/** GET /api/insights: a period's readership figures. */
export interface InsightsView extends InsightCount {
  from: string;
  to: string;
  /** Only this page's figures, when asked. */
  path: string | null;
  /** The period of the same length just before, for comparison. */
  previous: InsightCount & { from: string; to: string };
  days: (InsightCount & { day: string })[];
  /** By hour (`YYYY-MM-DDTHH`, UTC), for periods of up to 14 days and the whole site; empty otherwise. */
  hours: (InsightCount & { hour: string })[];
  pages: (InsightCount & { path: string })[];
  referrers: { host: string; pageviews: number }[];
  devices: { device: string; pageviews: number }[];
  browsers: { browser: string; pageviews: number }[];
  sources: { source: string; pageviews: number }[];
  searches: { query: string; searches: number; results: number }[];
  zeroResultSearches: { query: string; searches: number }[];
  /** Null with `path`. */
  newsletter: NewsletterInsights | null;
}

/** GET /api/insights/posts: each post's readers over the last days, for the admin's lists and the editor. */
export interface PostViews extends InsightCount {
  id: number;
  /** Its address, whose views these are. */
  path: string;
  /** Page views on each day, oldest first. */
  days: number[];
}
