import { RESERVED_FIRST_SEGMENTS } from '@forkcast/content-db/urls';

// Letters that Unicode does not decompose into a base letter plus an accent.
const TRANSLITERATE: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'Th',
  ð: 'd',
  Ð: 'D',
  ı: 'i',
};

/** 'São Paulo' -> 'sao-paulo', 'Wrocław' -> 'wroclaw': lowercase ASCII letters and digits joined by single hyphens. */
export function slugify(text: string): string {
  return text
    .replace(/[łŁøØßæÆœŒđĐþÞðÐı]/g, (ch) => TRANSLITERATE[ch]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The first of base, base-2, base-3, ... that is neither taken nor reserved. */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  const root = base || 'city';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!RESERVED_FIRST_SEGMENTS.has(candidate) && !taken(candidate)) return candidate;
  }
}
