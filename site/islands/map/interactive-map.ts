import L from 'leaflet';
// Inlined into this module rather than imported as a stylesheet, which Astro would add to every
// page's CSS: only a reader who opens the map downloads Leaflet's styles.
import leafletCss from 'leaflet/dist/leaflet.css?inline';

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const MARKER_SIZE = 30;
// A single pin, or pins a few doors apart, should still show the streets around them.
const MAX_ZOOM = 16;

interface Pin {
  number: string;
  name: string;
  lat: number;
  lng: number;
}

function readPins(frame: HTMLElement): Pin[] {
  return [...frame.querySelectorAll<HTMLElement>('[data-pin]')].flatMap((element) => {
    const { pin, name, lat, lng } = element.dataset;
    const position = [Number(lat), Number(lng)] as const;
    return pin && name && position.every(Number.isFinite) ? [{ number: pin, name, lat: position[0], lng: position[1] }] : [];
  });
}

function addStyles(): void {
  if (document.querySelector('style[data-leaflet]')) return;
  const style = document.createElement('style');
  style.dataset.leaflet = '';
  style.textContent = leafletCss;
  document.head.append(style);
}

/**
 * Replaces a guide map's static preview with an interactive OpenStreetMap map of the same pins,
 * numbered as in the itinerary, each opening a popup that names the place. Focus moves to the
 * map so a keyboard reader can pan, zoom and tab through the markers at once.
 */
export function openInteractiveMap(frame: HTMLElement): void {
  const canvas = frame.querySelector<HTMLElement>('[data-map-canvas]');
  const pins = readPins(frame);
  if (!canvas || pins.length === 0) return;
  addStyles();
  const label = frame.querySelector('[role=img]')?.getAttribute('aria-label') ?? 'Map';
  const container = document.createElement('div');
  container.className = 'map-frame__live';
  container.style.cssText = 'position: absolute; inset: 0;';
  container.setAttribute('role', 'region');
  container.setAttribute('aria-label', label);
  canvas.replaceChildren(container);

  const map = L.map(container, { scrollWheelZoom: false });
  L.tileLayer(TILES, { attribution: ATTRIBUTION, maxZoom: 19 }).addTo(map);
  for (const pin of pins) {
    const icon = L.divIcon({ className: 'map-frame__marker', html: '', iconSize: [MARKER_SIZE, MARKER_SIZE] });
    const marker = L.marker([pin.lat, pin.lng], {
      icon,
      title: `${pin.number}. ${pin.name}`,
      alt: `${pin.number}. ${pin.name}`,
      keyboard: true,
    });
    // Text nodes, never HTML: a place's name is editor-supplied text.
    const popup = document.createElement('strong');
    popup.textContent = `${pin.number}. ${pin.name}`;
    marker.bindPopup(popup);
    marker.on('add', () => {
      const element = marker.getElement();
      if (!element) return;
      // Drawn with the number a sighted reader matches to the list; announced with the name too.
      element.textContent = pin.number;
      element.setAttribute('aria-label', `${pin.number}. ${pin.name}`);
    });
    marker.addTo(map);
  }
  map.fitBounds(L.latLngBounds(pins.map((pin) => [pin.lat, pin.lng])), { padding: [MARKER_SIZE, MARKER_SIZE], maxZoom: MAX_ZOOM });
  container.focus();
}
