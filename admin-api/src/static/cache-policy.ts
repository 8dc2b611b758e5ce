import { IMMUTABLE } from '@forkcast/shared/security-headers';
import { isRenderedFile } from '@forkcast/shared/urls';

/** Pages, feeds, spreadsheets: a browser or CDN may keep them but must ask again before each use. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** The not-found pages, answered with status 404: never kept. */
export const NOT_FOUND_CACHE = 'no-cache';

/**
 * The Cache-Control of a file of the site folder, by its path relative to the folder. Hashed build
 * assets never change under the same name. What the publisher writes (pages, feeds, spreadsheets)
 * may change with any write, so a browser or CDN may keep it but must ask again before each use (a
 * 304 when its ETag still matches); the other files the build copied from public/ change only with
 * a new build. The server and the bucket (see bucket/) send the same.
 */
export function siteCacheControl(file: string): string {
  if (file.startsWith('_astro/')) return IMMUTABLE;
  if (isRenderedFile(file)) return REVALIDATE;
  return 'public, max-age=3600';
}
