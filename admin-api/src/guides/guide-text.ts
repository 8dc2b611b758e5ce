import { slugify } from '@forkcast/shared/slugs';
import type { RestaurantInput } from '@forkcast/content-db';

export interface GuideText {
  title: string;
  excerpt: string;
  /** Markdown paragraphs separated by blank lines. */
  content: string;
  description: string;
  tags: string[];
}

const MEAL_ORDER = ['breakfast', 'brunch', 'coffee', 'lunch', 'snack', 'dinner', 'drinks'];
const OPENERS = ['Start with', 'Then comes', 'Next,', 'After that,', 'Later,', 'Finish with'];
const mealRank = (meal: string | null | undefined) => {
  const rank = MEAL_ORDER.indexOf((meal ?? '').toLowerCase());
  return rank === -1 ? MEAL_ORDER.length : rank;
};

const URL_IN_TEXT = /https?:\/\/[^\s<>]*[^\s<>.,;:!?)\]'"]/g;
// Every character that opens inline Markdown or HTML anywhere in a line: emphasis, code, links and
// images, raw HTML, entities, strikethrough, tables, and '@', which GFM would turn into a mail link.
const INLINE_SPECIAL = /[\\`*_[\]{}()#+!<>|~&@]/g;
// What only means something at the start of a line, where a cell can land when it opens a
// paragraph: a list item ('- ', '1. '), a setext underline or a thematic break.
const BLOCK_START = /^(?:-|=|(\d+)\.)/;

/** Plain text as Markdown that renders as exactly that text (on one line: see `md`). */
function escapeMarkdown(text: string): string {
  return text
    .replace(INLINE_SPECIAL, '\\$&')
    .replace(BLOCK_START, (start, digits: string | undefined) => (digits === undefined ? `\\${start}` : `${digits}\\.`));
}

const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Editor-supplied cell text as Markdown that shows exactly that text: whitespace (including line
 * breaks, which would start new paragraphs and shift block positions) folds to single spaces,
 * Markdown's special characters are escaped, and web addresses become plain autolinks, whose
 * visible text is the address itself.
 */
function md(text: string): string {
  const flat = flatten(text);
  let out = '';
  let last = 0;
  for (const match of flat.matchAll(URL_IN_TEXT)) {
    out += `${escapeMarkdown(flat.slice(last, match.index))}<${match[0]}>`;
    last = match.index + match[0].length;
  }
  return out + escapeMarkdown(flat.slice(last));
}

/**
 * A web address as a Markdown link destination: normalised by the URL parser (which percent-encodes
 * spaces, quotes, angle brackets, control and non-ASCII characters), with the parentheses and
 * backslashes Markdown would read as the end of the destination or an escape encoded as well, so
 * nothing in the address can close the link and start Markdown of its own.
 */
function linkDestination(url: string): string {
  return new URL(url).href.replace(/[()\\]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A restaurant's name in bold, linked to its website when the itinerary gives one. */
function restaurantName(restaurant: RestaurantInput): string {
  if (!restaurant.url || !/^https?:\/\//i.test(restaurant.url) || !URL.canParse(restaurant.url)) return `**${md(restaurant.name)}**`;
  // A link inside a link is not a link: the name is escaped without turning addresses into autolinks.
  return `**[${escapeMarkdown(flatten(restaurant.name))}](${linkDestination(restaurant.url)})**`;
}

/** 'A' or 'An' before a word or number, by its sound ('an eating itinerary', 'an 8-day'). */
function article(next: string): 'A' | 'An' {
  return /^(?:[aeio]|u(?!ni|se|su)|8|11\b|11-|18\b|18-)/i.test(next) ? 'An' : 'A';
}

function stop(restaurant: RestaurantInput, index: number, count: number): string {
  const opener =
    index === 0 ? OPENERS[0]! : index === count - 1 ? OPENERS[OPENERS.length - 1]! : OPENERS[Math.min(index, OPENERS.length - 2)]!;
  const meal = restaurant.meal ? `${md(restaurant.meal)} at ` : '';
  const where = restaurant.neighborhood ? ` in ${md(restaurant.neighborhood)}` : '';
  const cuisine = restaurant.cuisine ? ` (${md(restaurant.cuisine)})` : '';
  const notes = restaurant.notes ? ` ${md(restaurant.notes).replace(/([^.!?])$/, '$1.')}` : '';
  return `${opener} ${meal}${restaurantName(restaurant)}${where}${cuisine}.${notes}`;
}

function dayParagraph(stops: RestaurantInput[]): string {
  return [...stops]
    .sort((a, b) => mealRank(a.meal) - mealRank(b.meal))
    .map((restaurant, index, all) => stop(restaurant, index, all.length))
    .join(' ');
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The guide the CSV generator writes for a city: an introduction, a section per day listing its
 * stops from breakfast to drinks, any stops without a day, and practical notes. Deterministic: the
 * same itinerary always produces the same text.
 */
export function writeGuide(cityName: string, description: string | undefined, restaurants: RestaurantInput[]): GuideText {
  const city = md(cityName);
  const days = [...new Set(restaurants.map((r) => r.day).filter((d): d is number => d !== null))].sort((a, b) => a - b);
  const undated = restaurants.filter((r) => r.day === null);
  const neighborhoods = [...new Set(restaurants.map((r) => r.neighborhood).filter((n): n is string => n !== null))];
  const cuisines = [...new Set(restaurants.map((r) => r.cuisine).filter((c): c is string => c !== null))];
  const span = days.length > 0 ? plural(days.length, 'day') : 'a few days';

  const intro = [
    description ? md(description).replace(/([^.!?])$/, '$1.') : `${city} rewards the traveler who plans around meals.`,
    ` This itinerary gathers ${plural(restaurants.length, 'place')} over ${span}`,
    neighborhoods.length > 0
      ? `, moving through ${neighborhoods.slice(0, 4).map(md).join(', ')}${neighborhoods.length > 4 ? ' and beyond' : ''}.`
      : '.',
    cuisines.length > 0
      ? ` Expect ${cuisines
          .slice(0, 5)
          .map((c) => md(c.toLowerCase()))
          .join(', ')} along the way.`
      : '',
  ].join('');

  const sections: string[] = [intro];
  for (const day of days) {
    sections.push(`## Day ${day}`, dayParagraph(restaurants.filter((r) => r.day === day)));
  }
  if (undated.length > 0) sections.push('## Any Day', dayParagraph(undated));
  sections.push(
    '## Before You Go',
    `Book ahead where you can, arrive hungry rather than early, and check opening hours on the day: kitchens change their rhythm with the seasons. The full ${city} itinerary, with addresses, is in the spreadsheet beside this guide.`,
  );

  const length = days.length > 0 ? `${days.length}-Day` : 'Curated';
  const kind = days.length > 0 ? `${days.length}-day eating` : 'eating';
  return {
    title: `Where to Eat in ${cityName}: ${article(length)} ${length} Itinerary`,
    excerpt: `${plural(restaurants.length, 'place')} over ${span} in ${cityName}, from the first coffee to the last table of the night.`,
    content: sections.join('\n\n'),
    description:
      description ??
      `${article(kind)} ${kind} itinerary for ${cityName}: ${plural(restaurants.length, 'place')} worth planning a day around.`,
    tags: [slugify(cityName) || 'city', 'itinerary', 'city-guide'],
  };
}
