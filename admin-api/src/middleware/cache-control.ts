import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

/**
 * How long anyone may keep an anonymous answer of public content. Short, as a write changes it at
 * once (and the site's own pages, revalidated on every use, show it at once); long enough that a
 * burst of readers or a script asking again and again is answered from a cache.
 */
const PUBLIC_READ = 'public, max-age=60';

/**
 * For the routes whose anonymous answer is public content, the same for every visitor (published
 * posts and cities, the homepage hero, a post's body): a 200 to a visitor may be kept for a minute
 * by anyone. `Vary: Cookie` keeps a browser from showing such an answer once its user has signed
 * in; a signed-in user's own answers are never kept (loadUser), nor any other anonymous one.
 */
export const publicRead = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status !== 200 || c.get('user')) return;
  c.header('Cache-Control', PUBLIC_READ);
  c.header('Vary', 'Cookie', { append: true });
});
