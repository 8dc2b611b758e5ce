/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    db: import('@forkcast/content-db').Db;
    site: import('./lib/site-settings').SiteSettings;
    /** Given only when the API renders the sign-in page for a request: its message and where to go next. */
    signIn?: { message?: string; next: string };
    /**
     * Given only when the API renders a post's preview for the admin: the post shown even
     * unpublished, with the changes the editor has not saved yet laid over it.
     */
    preview?: { postId: number; changes?: import('@forkcast/shared/contracts').PostPreviewChanges };
    /** Given only when the API renders the unsubscribe page for an email's link: where its button posts. */
    unsubscribe?: { action: string };
    /** Given only when the API renders the search page for a request: the search and its results. */
    search?: import('@forkcast/shared/contracts').SearchPageState;
  }
}

// Lets TypeScript files (the component tests) import .astro components; Astro's own tooling gives
// them precise types, tsc alone knows nothing of the format.
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
