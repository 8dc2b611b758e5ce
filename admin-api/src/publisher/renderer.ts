import { pathToFileURL } from 'node:url';
import { trackReads, type Db, type QueryRead } from '@forkcast/content-db';
import type { PostPreviewChanges, SearchPageState } from '@forkcast/shared/contracts';

export interface SiteSettings {
  siteName: string;
  publicHost: string;
  /** The origin of /api/collect for the page beacon; empty for the pages' own. */
  insightsOrigin?: string;
}

interface RenderedRoute {
  status: number;
  contentType: string;
  body: Uint8Array;
  /** The tags of what the page read plainly from the database while rendering. */
  tags: string[];
  /** The queries the page read conditionally, with the fingerprint of what each answered. */
  queries: QueryRead[];
}

/**
 * What a page rendered for one request is told besides the database and the site settings:
 * the sign-in page's failure message and where to go after signing in, the post an admin
 * previews (which its page shows even while it is not published), or a search and its results.
 */
interface RequestLocals {
  signIn?: { message?: string; next: string };
  preview?: { postId: number; changes?: PostPreviewChanges };
  unsubscribe?: { action: string };
  search?: SearchPageState;
}

export interface Renderer {
  /** Renders one route of the built site with the given database (and, for a request, its locals). */
  render(route: string, request?: RequestLocals): Promise<RenderedRoute>;
  /** Every route the site has for the database's current content. */
  listRoutes(): Promise<string[]>;
  /**
   * The routes a change of these tags may have added (some may have been there already), or
   * undefined when only listRoutes can tell. A route the change removed is not among them: it
   * answers 404 when rendered again.
   */
  routesChangedBy(tags: readonly string[]): Promise<string[] | undefined>;
}

interface Locals extends RequestLocals {
  db: Db;
  site: SiteSettings;
}

interface ServerEntry {
  render(request: Request, locals: Locals): Promise<Response>;
  listRoutes(locals: Locals): Promise<string[]>;
  listRoutesChangedBy?(locals: Locals, tags: readonly string[]): Promise<string[] | undefined>;
}

/**
 * Loads the built server bundle (dist/server/entry.mjs) and returns a renderer bound to a database
 * and the site settings. Requests carry the public host so pages see their canonical URL.
 */
export async function loadRenderer(entryPath: string, db: Db, site: SiteSettings): Promise<Renderer> {
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  if (typeof entry.render !== 'function' || typeof entry.listRoutes !== 'function') {
    throw new Error(`${entryPath} does not export render() and listRoutes(); rebuild with make build`);
  }
  const locals: Locals = { db, site };
  return {
    listRoutes: () => entry.listRoutes(locals),
    routesChangedBy: async (tags) => entry.listRoutesChangedBy?.(locals, tags),
    async render(route, request) {
      const { result, tags, queries } = await trackReads(async () => {
        const response = await entry.render(
          new Request(new URL(route, `${site.publicHost}/`)),
          request ? { ...locals, ...request } : locals,
        );
        return { response, body: new Uint8Array(await response.arrayBuffer()) };
      });
      return {
        status: result.response.status,
        contentType: result.response.headers.get('content-type') ?? 'text/html',
        body: result.body,
        tags,
        queries,
      };
    },
  };
}
