import toSlug from '@sindresorhus/slugify';
import { RESERVED_FIRST_SEGMENTS } from './urls.ts';

// The library transliterates the German way (ü -> ue); the spelling travellers type and
// other sites use for these cities' URLs drops the umlaut instead (zurich, goteborg).
const UMLAUTS: [string, string][] = [
  ['ä', 'a'],
  ['ö', 'o'],
  ['ü', 'u'],
  ['Ä', 'A'],
  ['Ö', 'O'],
  ['Ü', 'U'],
];

/** Characters of a slug made from a name or title. */
const SLUG_LENGTH = 60;

/**
 * 'São Paulo' -> 'sao-paulo', 'Москва' -> 'moskva', 'Ichijōji' -> 'ichijoji': lowercase ASCII
 * letters and digits joined by single hyphens, transliterated by @sindresorhus/slugify (after
 * NFKC, so full-width letters and ligatures count); '' when nothing Latin remains.
 */
export function slugify(text: string): string {
  return toSlug(text.normalize('NFKC'), { decamelize: false, customReplacements: UMLAUTS }).slice(0, SLUG_LENGTH).replace(/-+$/, '');
}

/**
 * The first of base, base-2, base-3, ... that is neither taken nor reserved: by default the site's
 * own first path segments, which a city or post slug must leave free ('city' for an empty base).
 */
export function uniqueSlug(
  base: string,
  taken: (slug: string) => boolean,
  { fallback = 'city', reserved = RESERVED_FIRST_SEGMENTS }: { fallback?: string; reserved?: ReadonlySet<string> } = {},
): string {
  const root = base || fallback;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!reserved.has(candidate) && !taken(candidate)) return candidate;
  }
}
