/** A byline's words: the authors' names joined as English joins a list ('Ana Ruiz and Jun Sato'). */

interface Named {
  name: string;
  slug: string;
}

export type BylinePart<A extends Named> = { author: A; text?: undefined } | { author?: undefined; text: string };

const conjunction = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** The names and the words between them, in order, for a byline that links each name. */
export function bylineParts<A extends Named>(authors: readonly A[]): BylinePart<A>[] {
  let next = 0;
  return conjunction
    .formatToParts(authors.map((author) => author.name))
    .map((part) => (part.type === 'element' ? { author: authors[next++]! } : { text: part.value }));
}

/** The byline as plain text ('Ana Ruiz and Jun Sato'), for feeds and descriptions. */
export function bylineText(authors: readonly Named[]): string {
  return conjunction.format(authors.map((author) => author.name));
}
