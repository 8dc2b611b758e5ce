/** What the itinerary helpers read from a restaurant row. */
export interface ItineraryStop {
  name: string;
  day: number | null;
  lat: number | null;
  lng: number | null;
}

/**
 * The itinerary card's kicker: '3-day itinerary' for an itinerary over three distinct days, a
 * plain 'Itinerary' when no stop has a day. Distinct days, not the highest day number, because
 * that is how the guide generator counts the days in a generated guide's title, and the two must
 * never disagree on the same page.
 */
export function itineraryLabel(stops: readonly Pick<ItineraryStop, 'day'>[]): string {
  const days = new Set(stops.map((stop) => stop.day).filter((day) => day !== null)).size;
  return days > 0 ? `${days}-day itinerary` : 'Itinerary';
}

/** A place on the guide map, numbered like the itinerary card numbers its stops. */
export interface MapPin {
  number: number;
  name: string;
  lat: number;
  lng: number;
}

/** The stops that have coordinates, each keeping its number in the whole itinerary. */
export function mapPins(stops: readonly ItineraryStop[]): MapPin[] {
  return stops.flatMap((stop, index) =>
    stop.lat !== null && stop.lng !== null ? [{ number: index + 1, name: stop.name, lat: stop.lat, lng: stop.lng }] : [],
  );
}

/** A pin placed on the static preview, in the preview's own units (0..width, 0..height). */
interface PreviewPin extends MapPin {
  x: number;
  y: number;
}

export interface MapPreview {
  pins: PreviewPin[];
  /** The openstreetmap.org page of the same area, for readers without JavaScript. */
  areaUrl: string;
}

// Web Mercator, as every tiled web map draws the world: x and y from 0 to 1.
const mercatorX = (lng: number) => (lng + 180) / 360;
const mercatorY = (lat: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

// Pins stay this far (a share of the box) from every edge so their labels are never cut.
const MARGIN = 0.12;
// Close enough to show a street, far enough to keep a whole city in view.
const MIN_ZOOM = 3;
const MAX_ZOOM = 16;
const TILE = 256;

/**
 * Lays the pins out in a width x height box with the projection a web map uses, so the preview
 * shows the same arrangement the interactive map will, centred and scaled to fit. Rounded to
 * tenths so that the markup is the same on every machine.
 */
export function mapPreview(pins: readonly MapPin[], width: number, height: number): MapPreview {
  const xs = pins.map((pin) => mercatorX(pin.lng));
  const ys = pins.map((pin) => mercatorY(pin.lat));
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = Math.max(maxX - minX, 1e-6);
  const spanY = Math.max(maxY - minY, 1e-6);
  const scale = Math.min((width * (1 - 2 * MARGIN)) / spanX, (height * (1 - 2 * MARGIN)) / spanY);
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  const round = (value: number) => Math.round(value * 10) / 10;
  const zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, Math.floor(Math.log2(scale / TILE))));
  const lat = latitudeOf(centreY).toFixed(4);
  const lng = (centreX * 360 - 180).toFixed(4);
  return {
    pins: pins.map((pin, index) => ({
      ...pin,
      x: round(width / 2 + (xs[index]! - centreX) * scale),
      y: round(height / 2 + (ys[index]! - centreY) * scale),
    })),
    areaUrl: `https://www.openstreetmap.org/#map=${zoom}/${lat}/${lng}`,
  };
}

/** Where the itinerary card's button goes, and whether that is another site (opened in a new tab). */
export interface ItineraryLink {
  href: string;
  external: boolean;
}

const WEB_ADDRESS = /^https?:\/\//i;

/**
 * The itinerary card's button: the city's external spreadsheet when it has one; otherwise the
 * itinerary as a table page of our own when the city has a published itinerary; otherwise none
 * (the button is shown disabled).
 */
export function itineraryLink(city: { slug: string; spreadsheetUrl: string | null; itineraryUrl: string | null }): ItineraryLink | null {
  if (city.spreadsheetUrl && WEB_ADDRESS.test(city.spreadsheetUrl)) return { href: city.spreadsheetUrl, external: true };
  if (city.itineraryUrl && WEB_ADDRESS.test(city.itineraryUrl)) return { href: city.itineraryUrl, external: true };
  if (city.itineraryUrl) return { href: itineraryPagePath(city), external: false };
  return null;
}

/** The itinerary's own table page. */
export function itineraryPagePath(city: { slug: string }): string {
  return `/${city.slug}/itinerary`;
}
