import { z } from 'zod';
import { LIMITS } from '@forkcast/shared/contracts';
import { MAP_EMBED_ORIGIN } from '@forkcast/shared/security-headers';
import { altText, imageSource, text } from '../schemas.ts';

/** The shape of a slug: lowercase ASCII letters and digits joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SPREADSHEET_MESSAGE = 'Give the spreadsheet as a web address starting with http:// or https://, or null to remove it.';
const MAP_MESSAGE = `Give the map as an OpenStreetMap embed address (${MAP_EMBED_ORIGIN}/export/embed.html?...), or null to remove it.`;

const webAddress = (label: string, message: string, accepts: (value: string) => boolean) =>
  text(label, { error: message })
    .trim()
    .max(LIMITS.spreadsheetUrl, `${label} is too long (at most ${LIMITS.spreadsheetUrl} characters).`)
    .refine((value) => !/\s/.test(value) && accepts(value) && URL.canParse(value), message)
    .nullable();

/** Every field an editor may set on a city; each is optional in a change. */
const fields = {
  name: text('The name', { error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(LIMITS.guide.cityName, `A city name can be at most ${LIMITS.guide.cityName} characters.`),
  slug: text('The slug')
    .trim()
    .max(LIMITS.city.slug, `A slug can be at most ${LIMITS.city.slug} characters.`)
    .regex(SLUG, 'A slug may use lowercase letters, digits and single hyphens between them (like mexico-city).'),
  country: text('The country').trim().max(LIMITS.city.country, `A country can be at most ${LIMITS.city.country} characters.`),
  description: text('The description', { multiline: true })
    .trim()
    .max(LIMITS.guide.description, `A description can be at most ${LIMITS.guide.description} characters.`),
  heroImage: imageSource('Give the hero image as an http(s) URL or an uploaded image.').nullable(),
  heroAlt: altText,
  // The map is framed into the guide page, whose Content-Security-Policy frames this one site only.
  mapEmbedUrl: webAddress('The map address', MAP_MESSAGE, (value) => URL.canParse(value) && new URL(value).origin === MAP_EMBED_ORIGIN),
  // Only web addresses: the itinerary button opens it in a new tab for every visitor.
  spreadsheetUrl: webAddress('The spreadsheet address', SPREADSHEET_MESSAGE, (value) => /^https?:\/\/./i.test(value)),
  displayOrder: z
    .number({ error: 'The display order must be a whole number.' })
    .int('The display order must be a whole number.')
    .min(0, 'The display order must be 0 or more.')
    .max(1_000_000, 'The display order must be at most 1,000,000.'),
};

// Strict, so a misspelt field is a 400 instead of a silent no-op.
const strict = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys?.join(', ')}.` : 'Send the city as a JSON object.',
};

/** POST /api/cities: a name is all a new city needs. */
export const newCityBody = z.strictObject(fields, strict).partial().extend({ name: fields.name });

/** PATCH /api/cities/:id: any of the fields, at least one. */
export const cityChangeBody = z
  .strictObject(fields, strict)
  .partial()
  .refine((change) => Object.keys(change).length > 0, 'Send at least one field to change.');

export type NewCityInput = z.infer<typeof newCityBody>;
export type CityChangeInput = z.infer<typeof cityChangeBody>;
