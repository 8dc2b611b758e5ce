import type { APIRoute } from 'astro';
import { getCityBySlug, listRestaurants } from '@forkcast/content-db';
import { itineraryCsv } from '../../lib/itinerary-csv';

/** /itineraries/{citySlug}.csv: a city's itinerary as a spreadsheet any app opens. */
export const GET: APIRoute = async ({ params, locals }) => {
  const match = /^([a-z0-9-]+)\.csv$/.exec(params.file ?? '');
  const city = match ? await getCityBySlug(locals.db, match[1]!) : undefined;
  if (!city) return new Response('Not found', { status: 404 });
  return new Response(itineraryCsv(await listRestaurants(locals.db, city.id)), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `inline; filename="${city.slug}-itinerary.csv"` },
  });
};
