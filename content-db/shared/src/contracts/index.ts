/**
 * @forkcast/shared/contracts: what the site bundle and the API agree on, in one place both may
 * import. Nothing here touches the database, so the browser can load it.
 */
export * from './api-types.ts';
export * from './forms.ts';
export * from './http.ts';
export * from './limits.ts';
export * from './media.ts';
export * from './post-status.ts';
export * from './roles.ts';
export * from './search.ts';
export * from './webhooks.ts';
export * from './transfer.ts';
export * from './redirects.ts';
export * from './insights.ts';
export * from './site-pages.ts';
