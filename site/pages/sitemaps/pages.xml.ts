import type { APIRoute } from 'astro';
import { listAuthorPages, listCitiesWithGuide, listCityLinks, listPublishedSitePages, listTagPages } from '@forkcast/content-db';
import { FIXED_ROUTES, sitePagePath } from '@forkcast/shared/urls';
import { itineraryPagePath } from '../../lib/itinerary';
import { listingSlots } from '../../lib/listing-slots';
import { listingRoutes } from '../../lib/routes';
import { absoluteUrl } from '../../lib/site-settings';
import { indexable, urlsetXml, XML_HEADERS } from '../../lib/sitemap-xml';

/** The sitemap of every indexable page that is not a post's own: the fixed pages, every listing page (tags' and authors' too), the itinerary pages, the published pages editors wrote (but those kept out of search). */
export const GET: APIRoute = async ({ locals }) => {
  const { db, site } = locals;
  const [totals, tagPages, authorPages, guided, sitePages] = await Promise.all([
    listingSlots(db),
    listTagPages(db, {}),
    listAuthorPages(db, {}),
    listCitiesWithGuide(db, {}),
    listPublishedSitePages(db),
  ]);
  const cities = await listCityLinks(db, guided);
  // About, Terms and Privacy are fixed routes and pages both: listed once, and not at all when kept out of search.
  const hidden = new Set(sitePages.filter((page) => page.noindex).map(({ slug }) => sitePagePath(slug)));
  const routes = [
    ...new Set([
      ...FIXED_ROUTES,
      ...listingRoutes(totals, tagPages, authorPages),
      ...cities.map(itineraryPagePath),
      ...sitePages.map(({ slug }) => sitePagePath(slug)),
    ]),
  ].filter((route) => indexable(route) && !hidden.has(route));
  return new Response(urlsetXml(routes.map((route) => ({ loc: absoluteUrl(site, route) }))), { headers: XML_HEADERS });
};
