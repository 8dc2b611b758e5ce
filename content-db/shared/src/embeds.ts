/**
 * Recognises the links a post may show as an embed. Every URL written out is rebuilt from the
 * parts checked here (an id, a number), never copied from the author's text, so nothing an author
 * types can reach an iframe or an attribute except through these patterns.
 */
export type EmbedProvider = 'youtube' | 'vimeo' | 'spotify' | 'instagram' | 'openstreetmap';

export interface Embed {
  provider: EmbedProvider;
  /** The provider's name as readers know it. */
  providerName: string;
  /** Shown when the author gave the link no text. */
  defaultTitle: string;
  /** The plain link, for readers without JS and for the facade. */
  href: string;
  /** The privacy-friendly player loaded only after a click. */
  frameSrc: string;
}

/** The origin each provider's player is served from: what a page's CSP frame-src must name. */
export const EMBED_FRAME_ORIGINS: Record<EmbedProvider, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
  spotify: 'https://open.spotify.com',
  instagram: 'https://www.instagram.com',
  openstreetmap: 'https://www.openstreetmap.org',
};

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const SPOTIFY_KINDS = new Set(['track', 'album', 'playlist', 'episode', 'show']);

function parse(text: string): URL | undefined {
  // Whitespace, quotes and angle brackets never belong to a link we embed (and an encoded newline stays encoded, failing the id patterns).
  if (!/^https?:\/\/[^\s"'<>`\\]+$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    if (url.username !== '' || url.password !== '' || url.port !== '') return undefined;
    return url;
  } catch {
    return undefined;
  }
}

const hostIs = (url: URL, ...hosts: string[]) => hosts.includes(url.hostname);

function youtube(url: URL): Embed | undefined {
  let id: string | undefined;
  if (hostIs(url, 'youtube.com', 'www.youtube.com', 'm.youtube.com')) {
    if (url.pathname === '/watch') id = url.searchParams.get('v') ?? undefined;
    else id = /^\/shorts\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  } else if (hostIs(url, 'youtu.be')) {
    id = /^\/([^/]+)$/.exec(url.pathname)?.[1];
  }
  if (id === undefined || !YOUTUBE_ID.test(id)) return undefined;
  return {
    provider: 'youtube',
    providerName: 'YouTube',
    defaultTitle: 'YouTube video',
    href: `https://www.youtube.com/watch?v=${id}`,
    frameSrc: `${EMBED_FRAME_ORIGINS.youtube}/embed/${id}?autoplay=1`,
  };
}

function vimeo(url: URL): Embed | undefined {
  if (!hostIs(url, 'vimeo.com', 'www.vimeo.com')) return undefined;
  const id = /^\/(\d{1,12})\/?$/.exec(url.pathname)?.[1];
  if (id === undefined) return undefined;
  return {
    provider: 'vimeo',
    providerName: 'Vimeo',
    defaultTitle: 'Vimeo video',
    href: `https://vimeo.com/${id}`,
    frameSrc: `${EMBED_FRAME_ORIGINS.vimeo}/video/${id}?dnt=1&autoplay=1`,
  };
}

function spotify(url: URL): Embed | undefined {
  if (!hostIs(url, 'open.spotify.com')) return undefined;
  const match = /^(?:\/intl-[a-z]{2}(?:-[a-z]{2})?)?\/([a-z]+)\/([A-Za-z0-9]{22})\/?$/.exec(url.pathname);
  if (match === null || !SPOTIFY_KINDS.has(match[1] ?? '')) return undefined;
  const [, kind, id] = match;
  return {
    provider: 'spotify',
    providerName: 'Spotify',
    defaultTitle: kind === 'episode' || kind === 'show' ? 'Spotify podcast' : `Spotify ${kind}`,
    href: `https://open.spotify.com/${kind}/${id}`,
    frameSrc: `${EMBED_FRAME_ORIGINS.spotify}/embed/${kind}/${id}`,
  };
}

function instagram(url: URL): Embed | undefined {
  if (!hostIs(url, 'instagram.com', 'www.instagram.com')) return undefined;
  const match = /^\/(p|reel)\/([A-Za-z0-9_-]{5,40})\/?$/.exec(url.pathname);
  if (match === null) return undefined;
  const [, kind, id] = match;
  return {
    provider: 'instagram',
    providerName: 'Instagram',
    defaultTitle: kind === 'reel' ? 'Instagram reel' : 'Instagram post',
    href: `https://www.instagram.com/${kind}/${id}/`,
    frameSrc: `${EMBED_FRAME_ORIGINS.instagram}/${kind}/${id}/embed/`,
  };
}

const NUMBER = /^-?\d{1,3}(?:\.\d{1,8})?$/;

function openStreetMap(url: URL): Embed | undefined {
  if (!hostIs(url, 'openstreetmap.org', 'www.openstreetmap.org')) return undefined;
  const fragment = /^#map=(\d{1,2})\/([^/]+)\/([^/&]+)$/.exec(url.hash);
  const query = url.searchParams;
  const zoomText = fragment?.[1] ?? query.get('zoom');
  const latText = query.get('mlat') ?? fragment?.[2] ?? query.get('lat');
  const lonText = query.get('mlon') ?? fragment?.[3] ?? query.get('lon');
  if (zoomText == null || latText == null || lonText == null) return undefined;
  if (!/^\d{1,2}$/.test(zoomText) || !NUMBER.test(latText) || !NUMBER.test(lonText)) return undefined;
  const zoom = Number(zoomText);
  const lat = Number(latText);
  const lon = Number(lonText);
  if (zoom > 19 || Math.abs(lat) > 85 || Math.abs(lon) > 180) return undefined;
  // About a frame's width of map around the point at that zoom.
  const span = 360 / 2 ** zoom;
  const box = [lon - span, lat - span / 2, lon + span, lat + span / 2].map((n) => n.toFixed(5)).join(',');
  return {
    provider: 'openstreetmap',
    providerName: 'OpenStreetMap',
    defaultTitle: 'Map',
    href: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`,
    frameSrc: `${EMBED_FRAME_ORIGINS.openstreetmap}/export/embed.html?bbox=${box}&layer=mapnik&marker=${lat},${lon}`,
  };
}

/** The embed a link stands for, or undefined when it is not one we embed. */
export function recogniseEmbed(text: string): Embed | undefined {
  const url = parse(text.trim());
  if (url === undefined) return undefined;
  return youtube(url) ?? vimeo(url) ?? spotify(url) ?? instagram(url) ?? openStreetMap(url);
}
