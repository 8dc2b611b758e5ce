import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/site-settings';

export const GET: APIRoute = ({ locals }) =>
  new Response(`User-agent: *\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${absoluteUrl(locals.site, '/sitemap.xml')}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
