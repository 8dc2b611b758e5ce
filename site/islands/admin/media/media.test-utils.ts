import type { MediaItem, MediaPage } from '@forkcast/shared/contracts';

/** A library item as GET /api/media answers it: a photo of ramen, used nowhere unless told. */
export function mediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id: 7,
    url: '/uploads/0123456789abcdef01234567.jpg',
    thumbnailUrl: '/uploads/0123456789abcdef01234567-640.webp',
    originalName: 'ramen.jpg',
    bytes: 245_000,
    width: 1600,
    height: 900,
    mime: 'image/jpeg',
    alt: 'A bowl of ramen',
    focalPoint: { x: 0.5, y: 0.5 },
    createdAt: '2025-01-02T09:00:00.000Z',
    usedBy: [],
    ...overrides,
  };
}

/** The first page of the library holding `items`. */
export function mediaPage(items: MediaItem[]): MediaPage {
  return { items, page: 1, pageSize: 24, total: items.length };
}
