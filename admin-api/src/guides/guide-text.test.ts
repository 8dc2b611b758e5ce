import type { RestaurantInput } from '@forkcast/content-db';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../site/lib/markdown.ts';
import { writeGuide } from './guide-text.ts';

// The site renders guide bodies with marked (GFM); render the same way to see what readers get.
const marked = new Marked({ gfm: true, breaks: false, async: false });
const render = (markdown: string) => marked.parse(markdown) as string;

const stop = (fields: Partial<RestaurantInput> & { name: string }): RestaurantInput => ({
  day: null,
  neighborhood: null,
  cuisine: null,
  meal: null,
  notes: null,
  address: null,
  url: null,
  ...fields,
});

const lisbon = (): RestaurantInput[] => [
  stop({
    day: 1,
    name: 'Taberna da Rua das Flores',
    neighborhood: 'Chiado',
    cuisine: 'Portuguese',
    meal: 'dinner',
    notes: 'Arrive at opening',
  }),
  stop({ day: 1, name: 'Manteigaria', neighborhood: 'Chiado', cuisine: 'Bakery', meal: 'breakfast', notes: 'Pastel de nata, still warm!' }),
  stop({ day: 2, name: 'Cervejaria Ramiro', neighborhood: 'Intendente', cuisine: 'Seafood', meal: 'lunch' }),
  stop({ name: 'Park Bar', meal: 'drinks' }),
];

const CLOSING = (city: string) =>
  `Book ahead where you can, arrive hungry rather than early, and check opening hours on the day: kitchens change their rhythm with the seasons. The full ${city} itinerary, with addresses, is in the spreadsheet beside this guide.`;

const paragraphs = (content: string) => content.split('\n\n');

/** The paragraph under a heading. */
function section(content: string, heading: string): string {
  const parts = paragraphs(content);
  const at = parts.indexOf(heading);
  expect(at, `no '${heading}' in the guide`).toBeGreaterThan(-1);
  return parts[at + 1]!;
}

describe('writeGuide: structure', () => {
  it('writes an intro, a section per day, an Any Day section and a closing section, in that order', () => {
    const { content } = writeGuide('Lisbon', undefined, lisbon());
    const parts = paragraphs(content);
    expect(parts.slice(1)).toEqual([
      '## Day 1',
      'Start with breakfast at **Manteigaria** in Chiado (Bakery). Pastel de nata, still warm\\! Finish with dinner at **Taberna da Rua das Flores** in Chiado (Portuguese). Arrive at opening.',
      '## Day 2',
      'Start with lunch at **Cervejaria Ramiro** in Intendente (Seafood).',
      '## Any Day',
      'Start with drinks at **Park Bar**.',
      '## Before You Go',
      CLOSING('Lisbon'),
    ]);
    expect(parts[0]).toMatch(/^Lisbon rewards the traveler who plans around meals\./);
    expect(parts[0]).toContain('This itinerary gathers 4 places over 2 days, moving through Chiado, Intendente.');
    expect(parts[0]).toMatch(/ Expect portuguese, bakery, seafood along the way\.$/);
  });

  it('separates the intro sentences with a space', () => {
    expect(paragraphs(writeGuide('Lisbon', undefined, lisbon()).content)[0]).toBe(
      'Lisbon rewards the traveler who plans around meals. This itinerary gathers 4 places over 2 days, moving through Chiado, Intendente. Expect portuguese, bakery, seafood along the way.',
    );
  });

  it('opens with the description when one is given', () => {
    const { content, description } = writeGuide('Lisbon', 'Seven hills and a lot of custard.', lisbon());
    expect(paragraphs(content)[0]).toMatch(/^Seven hills and a lot of custard\./);
    expect(content).not.toContain('rewards the traveler');
    expect(description).toBe('Seven hills and a lot of custard.');
  });

  it('is deterministic and does not reorder the caller’s list', () => {
    const input = lisbon();
    const copy = structuredClone(input);
    const first = writeGuide('Lisbon', 'Desc', input);
    const second = writeGuide('Lisbon', 'Desc', structuredClone(copy));
    expect(second).toEqual(first);
    expect(input).toEqual(copy);
  });

  it('orders day sections by number, not by text or file order', () => {
    const restaurants = [10, 2, 1, 2, 10].map((day, i) => stop({ day, name: `Stop ${i}` }));
    const headings = paragraphs(writeGuide('Osaka', undefined, restaurants).content).filter((p) => p.startsWith('## '));
    expect(headings).toEqual(['## Day 1', '## Day 2', '## Day 10', '## Before You Go']);
  });

  it('sorts a day’s stops breakfast, brunch, coffee, lunch, snack, dinner, drinks, then other meals, keeping file order among equals', () => {
    const meals = ['drinks', 'Dinner', 'other', 'snack', 'lunch', null, 'coffee', 'BRUNCH', 'breakfast', 'lunch'];
    const restaurants = meals.map((meal, i) => stop({ day: 1, name: `P${i}`, meal }));
    const day = section(writeGuide('Kyoto', undefined, restaurants).content, '## Day 1');
    const order = [...day.matchAll(/\*\*(P\d)\*\*/g)].map((m) => m[1]);
    expect(order).toEqual(['P8', 'P7', 'P6', 'P4', 'P9', 'P3', 'P1', 'P0', 'P2', 'P5']);
  });

  it('uses opening words that read as a sequence: first, middle stops, last', () => {
    const restaurants = Array.from({ length: 7 }, (_, i) => stop({ day: 1, name: `P${i}` }));
    expect(section(writeGuide('Oahu', undefined, restaurants).content, '## Day 1')).toBe(
      'Start with **P0**. Then comes **P1**. Next, **P2**. After that, **P3**. Later, **P4**. Later, **P5**. Finish with **P6**.',
    );
    expect(section(writeGuide('Oahu', undefined, [stop({ day: 3, name: 'Only' })]).content, '## Day 3')).toBe('Start with **Only**.');
  });

  it('ends notes with a full stop unless they already end with punctuation (escaped for Markdown)', () => {
    const restaurants = [
      stop({ day: 1, name: 'A', notes: 'Order the tart' }),
      stop({ day: 1, name: 'B', notes: 'Really?' }),
      stop({ day: 1, name: 'C', notes: 'Wow!' }),
      stop({ day: 1, name: 'D', notes: 'Done.' }),
    ];
    expect(section(writeGuide('Vienna', undefined, restaurants).content, '## Day 1')).toBe(
      'Start with **A**. Order the tart. Then comes **B**. Really? Next, **C**. Wow\\! Finish with **D**. Done.',
    );
  });

  it('puts only undated rows under Any Day and leaves out day sections when nothing is dated', () => {
    const restaurants = [stop({ name: 'X', meal: 'dinner' }), stop({ name: 'Y', meal: 'breakfast' })];
    const { content } = writeGuide('Portland', undefined, restaurants);
    expect(paragraphs(content).filter((p) => p.startsWith('## '))).toEqual(['## Any Day', '## Before You Go']);
    expect(section(content, '## Any Day')).toBe('Start with breakfast at **Y**. Finish with dinner at **X**.');
    expect(paragraphs(content)[0]).toContain('This itinerary gathers 2 places over a few days.');
  });

  it('mentions at most four neighbourhoods and five cuisines in the intro', () => {
    const restaurants = Array.from({ length: 6 }, (_, i) =>
      stop({ day: 1, name: `P${i}`, neighborhood: `Area ${i}`, cuisine: `Style${i}` }),
    );
    const intro = paragraphs(writeGuide('Athens', undefined, restaurants).content)[0]!;
    expect(intro).toContain('moving through Area 0, Area 1, Area 2, Area 3 and beyond.');
    expect(intro).toContain('Expect style0, style1, style2, style3, style4 along the way.');
    expect(intro).not.toContain('Area 4');
    expect(intro).not.toContain('style5');
  });

  it('has no blank line inside a section: paragraphs are what the site splits the body on', () => {
    const { content } = writeGuide('Lisbon', undefined, lisbon());
    for (const part of paragraphs(content)) expect(part.trim()).toBe(part);
    expect(paragraphs(content)).toHaveLength(9);
  });
});

describe('writeGuide: title, excerpt, description and tags', () => {
  it('words a dated itinerary by its number of days', () => {
    const guide = writeGuide('Lisbon', undefined, lisbon());
    expect(guide.title).toBe('Where to Eat in Lisbon: A 2-Day Itinerary');
    expect(guide.excerpt).toBe('4 places over 2 days in Lisbon, from the first coffee to the last table of the night.');
    expect(guide.description).toBe('A 2-day eating itinerary for Lisbon: 4 places worth planning a day around.');
    expect(guide.tags).toEqual(['lisbon', 'itinerary', 'city-guide']);
  });

  it('uses the singular for one place on one day', () => {
    const guide = writeGuide('Oahu', undefined, [stop({ day: 4, name: 'Helena’s' })]);
    expect(guide.title).toBe('Where to Eat in Oahu: A 1-Day Itinerary');
    expect(guide.excerpt).toBe('1 place over 1 day in Oahu, from the first coffee to the last table of the night.');
    expect(guide.description).toBe('A 1-day eating itinerary for Oahu: 1 place worth planning a day around.');
  });

  it('words an undated itinerary as curated, over a few days', () => {
    const guide = writeGuide('São Paulo', undefined, [stop({ name: 'A' }), stop({ name: 'B' }), stop({ name: 'C' })]);
    expect(guide.title).toBe('Where to Eat in São Paulo: A Curated Itinerary');
    expect(guide.excerpt).toBe('3 places over a few days in São Paulo, from the first coffee to the last table of the night.');
    expect(guide.tags).toEqual(['sao-paulo', 'itinerary', 'city-guide']);
  });

  it('uses "An" before a vowel sound in the title and description', () => {
    expect(writeGuide('Rome', undefined, [stop({ name: 'A' })]).description).toBe(
      'An eating itinerary for Rome: 1 place worth planning a day around.',
    );
    const eight = writeGuide(
      'Rome',
      undefined,
      Array.from({ length: 8 }, (_, i) => stop({ day: i + 1, name: `P${i}` })),
    );
    expect(eight.title).toBe('Where to Eat in Rome: An 8-Day Itinerary');
    expect(eight.description).toBe('An 8-day eating itinerary for Rome: 8 places worth planning a day around.');
  });

  it('keeps the given description as the description and tags a city without a Latin slug as "city"', () => {
    const guide = writeGuide('東京', 'Ramen, sushi and kissaten.', [stop({ name: 'A' })]);
    expect(guide.description).toBe('Ramen, sushi and kissaten.');
    expect(guide.tags).toEqual(['city', 'itinerary', 'city-guide']);
    expect(guide.title).toBe('Where to Eat in 東京: A Curated Itinerary');
  });
});

describe('writeGuide: Markdown in cells stays text', () => {
  const evilName = '**bold** [x](javascript:alert(1))';

  it('escapes Markdown in a restaurant name so it renders literally', () => {
    const { content } = writeGuide('Lisbon', undefined, [stop({ day: 1, name: evilName })]);
    const html = render(section(content, '## Day 1'));
    expect(html).toBe('<p>Start with <strong>**bold** [x](javascript:alert(1))</strong>.</p>\n');
    expect(html).not.toContain('<a');
    expect(html).not.toContain('<em>');
  });

  it('escapes Markdown and HTML in every cell, the city name and the description', () => {
    const cell = '_under_ `code` <script>alert(1)</script> ![img](/y.png) [link](/somewhere) # hash | pipe ~~strike~~ {brace} +plus';
    const restaurants = [stop({ day: 1, name: 'Name', neighborhood: cell, cuisine: cell, notes: cell, meal: 'lunch' })];
    const { content } = writeGuide(`City ${cell}`, `About ${cell}`, restaurants);
    const html = render(content);
    for (const tag of ['<a', '<img', '<script', '<code', '<em', '<del', '<table', '<h1']) expect(html).not.toContain(tag);
    // The one <strong> per stop is the restaurant name the generator bolds itself.
    expect(html.match(/<strong>/g)).toHaveLength(1);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('![img](/y.png) [link](/somewhere)');
    expect(html).toContain('_under_ `code`');
  });

  it('keeps a heading-looking name inside its paragraph', () => {
    const { content } = writeGuide('Lisbon', undefined, [stop({ day: 1, name: '# Not a heading' })]);
    const html = render(section(content, '## Day 1'));
    expect(html).toBe('<p>Start with <strong># Not a heading</strong>.</p>\n');
  });

  it('keeps a multi-line cell inside its one paragraph, without markup', () => {
    const notes = 'Order:\n- the tart\n- the bun\n\nSecond thought\n===';
    const { content } = writeGuide('Lisbon', undefined, [stop({ day: 1, name: 'Manteigaria', notes })]);
    const day = section(content, '## Day 1');
    expect(paragraphs(content)).toHaveLength(5);
    const html = render(day);
    for (const tag of ['<ul', '<li', '<h1', '<h2', '<hr']) expect(html).not.toContain(tag);
    expect(html.match(/<p>/g)).toHaveLength(1);
  });

  it('keeps a web address in a cell usable: no backslash ends up in the rendered link', () => {
    const notes = 'Book online (https://book.example/menu_2024)';
    const { content } = writeGuide('Lisbon', undefined, [stop({ day: 1, name: 'Manteigaria', notes })]);
    const html = render(section(content, '## Day 1'));
    expect(html).not.toContain('%5C');
    expect(html).not.toContain('\\');
    expect(html).toContain('https://book.example/menu_2024');
  });

  it('renders an ampersand entity in a cell literally', () => {
    const { content } = writeGuide('Lisbon', undefined, [stop({ day: 1, name: 'Fish &amp; Chips &copy;' })]);
    expect(render(section(content, '## Day 1'))).toBe('<p>Start with <strong>Fish &amp;amp; Chips &amp;copy;</strong>.</p>\n');
  });
});

describe('writeGuide: hostile cells, as the site renders them', () => {
  // Cells an uploader could use to smuggle markup into a published guide. Each must come out of
  // the site's own renderer as the same characters, as text, and nothing else.
  const HOSTILE = [
    '# heading',
    '## Day 99',
    '[x](javascript:alert(1))',
    '[click here][evil]',
    '[evil]: javascript:alert(1)',
    '![i](http://x/y.png)',
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '<a href="javascript:alert(1)">x</a>',
    '&lt;b&gt; &#60;i&#62; &amp;',
    '*bold* **strong** _em_ __strong__',
    '~~strike~~ ~sub~',
    '1. list',
    '10) list',
    '- item',
    '+ item',
    '* item',
    '> quote',
    '`code` ``more``',
    '```js',
    '~~~',
    '---',
    '***',
    '===',
    '| a | b |',
    '\\*escaped\\* \\',
    'mail me@evil.example',
    '    indented code',
    'line one\n# second line heading\n\n- new paragraph list',
  ];
  // A url cell that passes the CSV check yet tries to end the link and start Markdown of its own.
  const BREAKOUT_URL = 'https://book.example/a)](javascript:alert(1)) <b>x</b> "q" \\ (';

  const dom = (markdown: string) => new JSDOM(`<body>${renderMarkdown(markdown)}</body>`).window.document.body;
  const text = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  const flat = (cell: string) => cell.replace(/\s+/g, ' ').trim();

  function guideWith(cell: string, url: string | null = null) {
    const restaurants = [
      stop({ day: 1, name: cell, meal: cell, neighborhood: cell, cuisine: cell, notes: cell, address: cell, url }),
      stop({ day: 1, name: `Plain ${cell}`, meal: 'dinner', notes: cell }),
    ];
    return writeGuide(cell, cell, restaurants);
  }

  it.each(HOSTILE)('renders %j from any cell, the city name and the description as text only', (cell) => {
    const { content } = guideWith(cell);
    const body = dom(content);
    // The generator's own structure: paragraphs, its two headings and the bold names; links only
    // where a cell holds a web address (see below).
    const tags = [...body.querySelectorAll('*')].map((el) => el.tagName.toLowerCase());
    expect(new Set(tags.filter((tag) => tag !== 'a'))).toEqual(new Set(['p', 'h2', 'strong']));
    expect([...body.querySelectorAll('h2')].map(text)).toEqual(['Day 1', 'Before You Go']);
    expect(body.querySelectorAll('p')).toHaveLength(3);
    expect(body.querySelectorAll('strong')).toHaveLength(2);
    // A web address written in a cell is shown as itself and links there (an autolink), so no
    // link can show one thing and lead somewhere else.
    for (const a of body.querySelectorAll('a')) {
      expect(a.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(text(a)).toBe(a.getAttribute('href'));
    }

    const [intro, day] = [...body.querySelectorAll('p')].map(text);
    expect(intro!.startsWith(flat(cell))).toBe(true);
    // A meal the generator does not know sorts after dinner.
    expect(day).toContain(`Start with dinner at Plain ${flat(cell)}.`);
    expect(day).toContain(`Finish with ${flat(cell)} at ${flat(cell)} in ${flat(cell)} (${flat(cell)}). ${flat(cell)}`);
  });

  it.each(['Manteigaria', ...HOSTILE])(
    'puts the url cell into the link destination percent-encoded, so it cannot end the link (name %j)',
    (name) => {
      const body = dom(guideWith(name, BREAKOUT_URL).content);
      const websites = [...body.querySelectorAll('a')].filter((a) => text(a) !== a.getAttribute('href'));
      expect(websites).toHaveLength(1);
      const href = websites[0]!.getAttribute('href')!;
      const path = (url: string) => decodeURIComponent(new URL(url).pathname + new URL(url).search);
      expect(new URL(href).origin).toBe('https://book.example');
      expect(path(href)).toBe(path(BREAKOUT_URL));
      expect(href).not.toMatch(/[\s<>"()\\]/);
      expect(text(websites[0]!)).toBe(flat(name));
      expect(body.querySelectorAll('b, img, script, a[href^="javascript"], a[href=""]')).toHaveLength(0);
    },
  );

  it('links a restaurant to its website and keeps the Markdown readable for editors', () => {
    const { content } = writeGuide('Lisbon', undefined, [
      stop({ day: 1, name: 'Manteigaria', url: 'https://manteigaria.example/menu?lang=en&day=1' }),
    ]);
    expect(section(content, '## Day 1')).toBe('Start with **[Manteigaria](https://manteigaria.example/menu?lang=en&day=1)**.');
  });
});
