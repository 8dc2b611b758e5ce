/** Where an image of the media library is used: a post, a guide, a city, the homepage hero or an author's portrait. */
export interface MediaUse {
  kind: 'post' | 'guide' | 'city' | 'home' | 'author';
  /** The post's, city's or user's id; 0 for the homepage. */
  id: number;
  title: string;
  /** The public page that shows it. */
  path: string;
}

/** A point of an image, 0..1 from its left and from its top edge. */
export interface FocalPoint {
  x: number;
  y: number;
}

/** A media item as the API answers it. */
export interface MediaItem {
  id: number;
  /** The master image: `/uploads/<hash>.jpg`. */
  url: string;
  thumbnailUrl: string;
  originalName: string;
  /** Size and pixel dimensions; null for an upload made before the library kept them. */
  bytes: number | null;
  width: number | null;
  height: number | null;
  mime: string;
  alt: string;
  focalPoint: FocalPoint;
  createdAt: string;
  usedBy: MediaUse[];
}

export interface MediaPage {
  items: MediaItem[];
  page: number;
  pageSize: number;
  total: number;
}

/** The items of one page of GET /api/media. */
export const MEDIA_PAGE_SIZE = 24;

/** CSS `object-position` for a focal point: crops (object-fit: cover) keep that point in view. */
export function objectPosition(focal: FocalPoint): string {
  const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
  return `${percent(focal.x)} ${percent(focal.y)}`;
}
