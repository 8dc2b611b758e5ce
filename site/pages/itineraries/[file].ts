import type { APIRoute } from 'astro';
import { getCityBySlug, getCityGuide, listRestaurants } from '@forkcast/content-db';
import { itineraryCsv } from '../../lib/itinerary-csv';

/** /itineraries/{citySlug}.csv: a city's itinerary as a spreadsheet any app opens. */
export const GET: APIRoute = async ({ params, locals }) => {
  const match = /^([a-z0-9-]+)\.csv$/.exec(params.file ?? '');
  const city = match ? await getCityBySlug(locals.db, match[1]!) : undefined;
  // The file exists exactly when the city's guide does, like the itinerary page: a guide taken
  // down is found gone by this answer when the publisher renders it again.
  if (!city || !(await getCityGuide(locals.db, { cityId: city.id }))) return new Response('Not found', { status: 404 });
  return new Response(itineraryCsv(await listRestaurants(locals.db, city.id)), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `inline; filename="${city.slug}-itinerary.csv"` },
  });
};
