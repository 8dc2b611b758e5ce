import type { City, CityChanges } from '@forkcast/shared/contracts';
import type { Fields } from '../conflict/field-diffs';
import { heroAltOf, heroUrlOf, NO_HERO, type HeroChoice } from '../DashboardHeroPicker';
import { GENERATION_PRESETS } from '../presets';

/** What the city form edits, as the editor types it. */
export interface CityDraft {
  name: string;
  /** '' on a new city until the editor types one: the slug then follows the name. */
  slug: string;
  country: string;
  description: string;
  hero: HeroChoice;
  mapEmbedUrl: string;
  spreadsheetUrl: string;
  /** '' on a new city: it goes last. */
  displayOrder: string;
}

/** The fields the API may name when it refuses a write, each shown beside its own input. */
export const CITY_FIELDS = [
  'name',
  'slug',
  'country',
  'description',
  'heroImage',
  'heroAlt',
  'mapEmbedUrl',
  'spreadsheetUrl',
  'displayOrder',
] as const;
export type CityField = (typeof CITY_FIELDS)[number];

export const EMPTY_CITY: CityDraft = {
  name: '',
  slug: '',
  country: '',
  description: '',
  hero: NO_HERO,
  mapEmbedUrl: '',
  spreadsheetUrl: '',
  displayOrder: '',
};

/** A stored hero as the picker shows it: one of its presets, else the address as a typed URL. */
function heroChoiceOf(city: City): HeroChoice {
  if (!city.heroImage) return NO_HERO;
  const preset = GENERATION_PRESETS.some((p) => p.src === city.heroImage);
  return { preset: preset ? city.heroImage : '', url: preset ? '' : city.heroImage, file: null, alt: city.heroAlt };
}

export function draftOf(city: City): CityDraft {
  return {
    name: city.name,
    slug: city.slug,
    country: city.country,
    description: city.description,
    hero: heroChoiceOf(city),
    mapEmbedUrl: city.mapEmbedUrl ?? '',
    spreadsheetUrl: city.spreadsheetUrl ?? '',
    displayOrder: String(city.displayOrder),
  };
}

/** Whether the hero differs from the saved one: another picture, or another description of it. */
export function heroChanged(draft: HeroChoice, saved: HeroChoice): boolean {
  return draft.file !== null || heroUrlOf(draft) !== heroUrlOf(saved) || heroAltOf(draft).trim() !== heroAltOf(saved).trim();
}

const orNull = (text: string) => text.trim() || null;

/**
 * The API body for the form: every field the editor set on a new city, or only those that differ
 * from `saved`. `heroImage` is the address to send for the hero (an upload's, once it is done).
 */
export function cityChanges(draft: CityDraft, saved: CityDraft | undefined, heroImage: string | null): CityChanges {
  const changes: CityChanges = {};
  const differs = (key: keyof CityDraft) => !saved || draft[key] !== saved[key];
  if (differs('name')) changes.name = draft.name;
  if (saved ? draft.slug !== saved.slug : draft.slug.trim() !== '') changes.slug = draft.slug.trim();
  if (differs('country') && (saved || draft.country.trim())) changes.country = draft.country;
  if (differs('description') && (saved || draft.description.trim())) changes.description = draft.description;
  if (saved ? heroChanged(draft.hero, saved.hero) : heroImage !== null) {
    changes.heroImage = heroImage;
    const alt = heroAltOf(draft.hero).trim();
    if (heroImage !== null && alt) changes.heroAlt = alt;
  }
  if (differs('mapEmbedUrl') && (saved || draft.mapEmbedUrl.trim())) changes.mapEmbedUrl = orNull(draft.mapEmbedUrl);
  if (differs('spreadsheetUrl') && (saved || draft.spreadsheetUrl.trim())) changes.spreadsheetUrl = orNull(draft.spreadsheetUrl);
  if (differs('displayOrder') && draft.displayOrder.trim() !== '') changes.displayOrder = Number(draft.displayOrder);
  return changes;
}

/** Whether the form holds anything not saved yet (on a new city: anything typed or chosen). */
export function isDirty(draft: CityDraft, saved: CityDraft | undefined): boolean {
  return Object.keys(cityChanges(draft, saved ?? EMPTY_CITY, heroUrlOf(draft.hero) || null)).length > 0;
}

/** The form's fields as text under the labels the history gives them, so the two sides of a conflict line up. */
export function cityFields(draft: CityDraft): Fields {
  return [
    ['Name', draft.name],
    ['Slug', draft.slug],
    ['Country', draft.country],
    ['Description', draft.description],
    ['Hero image', draft.hero.file ? draft.hero.file.name : heroUrlOf(draft.hero)],
    ['Hero alt text', heroAltOf(draft.hero)],
    ['Area map', draft.mapEmbedUrl],
    ['Spreadsheet', draft.spreadsheetUrl],
    ['Order', draft.displayOrder],
  ];
}
