import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createBlock,
  createInvitation,
  createPasswordReset,
  ensureSecret,
  getPostById,
  recordMedia,
  SETTING,
  subscribe,
} from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { newsletterOutcomeUrl } from '@forkcast/shared/contracts';
import { NewsletterLinks } from './newsletter/links.ts';
import { hashToken } from './people/tokens.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, ORIGIN, storedState, type RequestOptions, type TestApp } from './testing.ts';

// ---------------------------------------------------------------------------------------------
// The text-field walk: every unsafe route the app registers (found from `app.routes`), every text
// field it reads, in every encoding it accepts, sent with a forbidden character. A route added
// later fails the coverage test below until its text fields are listed here.
// ---------------------------------------------------------------------------------------------

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'ALL']);
const FORBIDDEN = ['\u0000', '\u0007'];
const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

type Encoding = 'json' | 'urlencoded' | 'multipart';
/**
 * How the route answers a refusal: JSON 400 (naming the field in `field` too, for the city editor's
 * routes), the sign-in page with a 400, or a form's 303 to its failure page.
 */
type Refusal = 'json' | 'json-field' | 'page' | 'redirect';

interface TextField {
  name: string;
  /** How the refusal names the field. */
  label: string;
}

interface Variant {
  encoding: Encoding;
  /** A body that succeeds for the signed-in admin; the walk spoils one text field at a time. */
  valid: Record<string, string | number | boolean | string[]>;
  fields: TextField[];
  refusal: Refusal;
  /** Extra multipart parts (files) sent with every request of this variant. */
  files?: () => Record<string, File>;
  /**
   * The route renders with the built site, which these tests do not load: a valid body gets as far
   * as the 503 that says so (its text fields are checked before it).
   */
  needsSite?: true;
}

const LISBON_CSV =
  'Day,Meal,Restaurant,Neighborhood,Cuisine,Notes,Address,Website\n1,Dinner,Taberna,Chiado,Portuguese,Arrive early,Rua das Flores 103,https://example.com/taberna\n';
const csvFile = (csv = LISBON_CSV) => ({ csvFile: new File([csv], 'lisbon.csv', { type: 'text/csv' }) });
const credentials = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
// Routes that start a session, which would end the owner's session the walk goes on with: sent without it.
const SIGNS_IN = new Set(['POST /api/login', 'POST /api/invitations/accept', 'POST /api/password-reset/confirm']);
const INVITE_TOKEN = 'I'.repeat(43);
const RESET_TOKEN = 'R'.repeat(43);
const loginFields = [
  { name: 'email', label: 'Your email' },
  { name: 'password', label: 'Your password' },
];

/** Every unsafe route by key, with the ways it can be called and its text fields. */
const ROUTES: Record<string, Variant[]> = {
  'POST /api/login': (['json', 'urlencoded', 'multipart'] as const).map((encoding) => ({
    encoding,
    valid: credentials,
    fields: loginFields,
    refusal: encoding === 'json' ? 'json' : 'page',
  })),
  // Signing out reads no body, so it has no text field to spoil.
  'POST /api/logout': [],
  'POST /api/users/:id/sign-out': [],
  // Deleting a user reads only the id their posts go to.
  'DELETE /api/users/:id': [],
  'PATCH /api/users/:id': [
    {
      encoding: 'json',
      valid: { name: 'Editor', slug: 'editor', bio: 'Eats first.', avatar: '/uploads/editor.webp' },
      fields: [
        { name: 'name', label: 'The name' },
        { name: 'slug', label: 'The slug' },
        { name: 'bio', label: 'The bio' },
        { name: 'avatar', label: 'The avatar address' },
      ],
      refusal: 'json',
    },
  ],
  'POST /api/invitations': [
    {
      encoding: 'json',
      valid: { email: 'newcomer@forkcast.test', role: 'author' },
      fields: [{ name: 'email', label: 'The email' }],
      refusal: 'json',
    },
  ],
  // Withdrawing an invitation reads only its id.
  'DELETE /api/invitations/:id': [],
  'POST /api/webhooks': [
    {
      encoding: 'json',
      valid: { url: 'https://hooks.example.com/forkcast', events: ['post.published'] },
      fields: [{ name: 'url', label: 'The URL' }],
      refusal: 'json',
    },
  ],
  // Deleting for good reads only what and which; emptying the trash reads nothing.
  'DELETE /api/trash/:kind/:id': [],
  'DELETE /api/trash': [],
  // Deleting a webhook reads only its id.
  'DELETE /api/webhooks/:id': [],
  'POST /api/redirects': [
    {
      encoding: 'json',
      valid: { from: '/old-menu', to: '/about' },
      fields: [
        { name: 'from', label: 'The old path' },
        { name: 'to', label: 'Where it leads' },
      ],
      refusal: 'json',
    },
  ],
  'POST /api/pages': [
    {
      encoding: 'json',
      valid: { title: 'Visiting Us', slug: 'visiting', content: 'Come hungry.', metaTitle: 'Visit the kitchen' },
      fields: [
        { name: 'title', label: 'The title' },
        { name: 'slug', label: 'The slug' },
        { name: 'metaTitle', label: 'The meta title' },
      ],
      refusal: 'json',
    },
  ],
  // A list's lines are paths and addresses, held to their patterns, which no control character passes (redirects-api.test.ts).
  'POST /api/redirects/import': [],
  // The beacon's path and referrer are read as URLs, of which only the path's parts and the host are kept (collector.ts).
  'POST /api/collect': [],
  // Deleting a redirect reads only its id.
  'DELETE /api/redirects/:id': [],
  // The params' page does not exist: only the body's fields are checked before it is looked up.
  'PATCH /api/pages/:id': [
    {
      encoding: 'json',
      valid: { title: 'Visiting Us', metaDescription: 'Our kitchen, open to readers.' },
      fields: [
        { name: 'title', label: 'The title' },
        { name: 'metaDescription', label: 'The meta description' },
      ],
      refusal: 'json',
    },
  ],
  // Deleting a page reads only its id.
  'DELETE /api/pages/:id': [],
  // An import's text fields are nested in its document, each checked by the document's schema
  // (transfer-api.test.ts refuses a control character in a post's title); a Ghost import takes
  // Ghost's text and drops any control character from it (ghost-import.test.ts).
  'POST /api/import': [],
  'POST /api/import/ghost': [],
  // The mailed links' tokens are made in beforeEach (INVITE_TOKEN, RESET_TOKEN; the reset is an author's, whose sessions it ends).
  'POST /api/invitations/accept': [
    {
      encoding: 'json',
      valid: { token: INVITE_TOKEN, name: 'Nia New', password: 'a long enough password' },
      fields: [
        { name: 'token', label: 'The token' },
        { name: 'name', label: 'Your name' },
        { name: 'password', label: 'The password' },
      ],
      refusal: 'json',
    },
  ],
  'POST /api/password-reset': [
    { encoding: 'json', valid: { email: 'editor@forkcast.test' }, fields: [{ name: 'email', label: 'Your email' }], refusal: 'json' },
  ],
  'POST /api/password-reset/confirm': [
    {
      encoding: 'json',
      valid: { token: RESET_TOKEN, password: 'a long enough password' },
      fields: [
        { name: 'token', label: 'The token' },
        { name: 'password', label: 'The password' },
      ],
      refusal: 'json',
    },
  ],
  'POST /api/contact': [
    {
      encoding: 'json',
      valid: { name: 'Reader', email: 'reader@forkcast.test', subject: 'Hello', message: 'A question about Kyoto.' },
      fields: [
        { name: 'name', label: 'Your name' },
        { name: 'email', label: 'Your email' },
        { name: 'subject', label: 'The subject' },
        { name: 'message', label: 'Your message' },
      ],
      refusal: 'json',
    },
  ],
  'POST /api/newsletter/subscribe': [
    { encoding: 'json', valid: { email: 'reader@forkcast.test' }, fields: [{ name: 'email', label: 'Your email' }], refusal: 'json' },
  ],
  // A plain HTML form post: every refusal is a redirect to the page that explains it.
  'POST /api/newsletter/subscribe/form': [
    {
      encoding: 'urlencoded',
      valid: { email: 'reader@forkcast.test' },
      fields: [{ name: 'email', label: 'Your email' }],
      refusal: 'redirect',
    },
  ],
  // The one-click unsubscribe of RFC 8058, urlencoded or multipart; its path carries the token.
  'POST /api/newsletter/unsubscribe/:token': (['urlencoded', 'multipart'] as const).map((encoding) => ({
    encoding,
    valid: { 'List-Unsubscribe': 'One-Click' },
    fields: [{ name: 'List-Unsubscribe', label: 'List-Unsubscribe' }],
    refusal: 'json',
  })),
  'POST /api/hero/update-image': [
    {
      encoding: 'json',
      valid: { imageUrl: 'https://images.example/hero.jpg', alt: 'A harbour at dusk' },
      fields: [
        { name: 'imageUrl', label: 'The image address' },
        { name: 'alt', label: 'The alt text' },
      ],
      refusal: 'json',
    },
  ],
  'PATCH /api/posts/:slug/hero-image': [
    {
      encoding: 'json',
      valid: { heroImage: 'https://images.example/hero.jpg', alt: 'A harbour at dusk' },
      fields: [
        { name: 'heroImage', label: 'The image address' },
        { name: 'alt', label: 'The alt text' },
      ],
      refusal: 'json',
    },
  ],
  'PATCH /api/posts/:slug/published': [],
  'POST /api/posts': [
    {
      encoding: 'json',
      valid: { title: 'Bread of Porto', excerpt: 'Where the crust sings.', content: 'First.\n\nSecond.', metaTitle: 'Porto bread' },
      fields: [
        { name: 'title', label: 'The title' },
        { name: 'excerpt', label: 'The excerpt' },
        { name: 'metaTitle', label: 'The meta title' },
      ],
      refusal: 'json',
    },
  ],
  'PATCH /api/posts/:id{[0-9]+}': [
    {
      encoding: 'json',
      valid: { title: 'A new title', excerpt: 'A new excerpt.', metaDescription: 'A new description.', canonicalUrl: '/post/elsewhere' },
      fields: [
        { name: 'title', label: 'The title' },
        { name: 'excerpt', label: 'The excerpt' },
        { name: 'metaDescription', label: 'The meta description' },
        { name: 'canonicalUrl', label: 'The canonical URL' },
      ],
      refusal: 'json',
    },
  ],
  'DELETE /api/posts/:id{[0-9]+}': [],
  'POST /api/posts/:id{[0-9]+}/preview': [
    {
      encoding: 'json',
      valid: { title: 'A title not saved yet', excerpt: 'An excerpt not saved yet.', heroAlt: 'A street at dusk' },
      fields: [
        { name: 'title', label: 'The title' },
        { name: 'excerpt', label: 'The excerpt' },
        { name: 'heroAlt', label: 'The alt text' },
      ],
      refusal: 'json',
      needsSite: true,
    },
  ],
  'POST /api/cities': [
    {
      encoding: 'json',
      valid: { name: 'Porto', country: 'Portugal', description: 'Francesinha and port.', heroAlt: 'The Ribeira at dusk' },
      fields: [
        { name: 'name', label: 'The name' },
        { name: 'country', label: 'The country' },
        { name: 'heroAlt', label: 'The alt text' },
      ],
      refusal: 'json-field',
    },
  ],
  'DELETE /api/cities/:id': [],
  'PATCH /api/cities/:id': [
    {
      encoding: 'json',
      valid: { spreadsheetUrl: 'https://sheets.example/lisbon' },
      fields: [{ name: 'spreadsheetUrl', label: 'The spreadsheet address' }],
      refusal: 'json-field',
    },
  ],
  'POST /api/posts/:postId/content': [
    {
      encoding: 'json',
      valid: { type: 'text', content: 'An added aside.', position: 0 },
      fields: [{ name: 'content', label: 'The text' }],
      refusal: 'json',
    },
    {
      encoding: 'json',
      valid: { type: 'image', content: 'https://images.example/plate.jpg', alt: 'A plate of clams', position: 0 },
      fields: [
        { name: 'content', label: 'The image address' },
        { name: 'alt', label: 'The alt text' },
      ],
      refusal: 'json',
    },
  ],
  'POST /api/posts/:postId/blocks': [
    {
      encoding: 'json',
      valid: { content: 'A rewritten section.', position: 1, isOriginal: true },
      fields: [{ name: 'content', label: 'The content' }],
      refusal: 'json',
    },
  ],
  'PUT /api/posts/:postId/blocks/:blockId': [
    { encoding: 'json', valid: { content: 'An edited section.' }, fields: [{ name: 'content', label: 'The content' }], refusal: 'json' },
  ],
  // Files only: the image is checked by decoding it, and its client-side name is never used.
  'POST /api/upload': [],
  'POST /api/upload/hero-image': [],
  'PATCH /api/media/:id': [
    { encoding: 'json', valid: { alt: 'A bowl of ramen' }, fields: [{ name: 'alt', label: 'The alt text' }], refusal: 'json' },
  ],
  // Deleting a media item reads only its id.
  'DELETE /api/media/:id': [],
  'POST /api/admin/generate-guide': [
    {
      encoding: 'multipart',
      valid: {
        cityName: 'Lisbon',
        cityDescription: 'Custard and grilled fish.',
        heroImageUrl: 'https://images.example/lisbon.jpg',
        heroImageAlt: 'Tiled facades above the river',
        dryRun: 'false',
      },
      fields: [
        { name: 'cityName', label: 'The city name' },
        { name: 'cityDescription', label: 'The description' },
        { name: 'heroImageUrl', label: 'The hero image address' },
        { name: 'heroImageAlt', label: 'The alt text' },
        { name: 'dryRun', label: 'dryRun' },
      ],
      refusal: 'json',
      files: csvFile,
    },
  ],
  'DELETE /api/posts/:postId/content/:contentId': [],
  'DELETE /api/posts/:postId/blocks/:blockId': [],
  // An editor's heartbeat, and its goodbye, carry no body.
  'POST /api/posts/:id{[0-9]+}/presence': [],
  'DELETE /api/posts/:id{[0-9]+}/presence': [],
  'DELETE /api/newsletter/subscribers/:id': [],
  'POST /api/posts/:id{[0-9]+}/comments': [
    {
      encoding: 'json',
      valid: { body: 'Is the corner shop still open?' },
      fields: [{ name: 'body', label: 'The comment' }],
      refusal: 'json',
    },
  ],
  // The post here is published, which no review step takes; review-api.test.ts spoils their notes.
  'POST /api/posts/:id{[0-9]+}/submit': [],
  'POST /api/posts/:id{[0-9]+}/withdraw': [],
  'POST /api/posts/:id{[0-9]+}/request-changes': [],
  // A send names its post by id; it has no text field.
  'POST /api/newsletter/sends': [],
  'POST /api/newsletter/sends/test': [
    {
      encoding: 'json',
      valid: { postId: 1, email: 'editor@forkcast.test' },
      fields: [{ name: 'email', label: 'The test address' }],
      refusal: 'json',
      needsSite: true,
    },
  ],
  'POST /api/newsletter/sends/:id/cancel': [],
  'DELETE /api/admin/contact-messages/:id': [],
  // Ids in the path, no body.
  'POST /api/revisions/:id/restore': [],
  'POST /api/changes/:id/undo': [],
  'POST /api/trash/:kind/:id/restore': [],
};

function unsafeRouteKeys(t: TestApp): string[] {
  const keys = t.app.routes
    .filter(({ method, path }) => !SAFE_METHODS.has(method.toUpperCase()) && path.startsWith('/api/'))
    .map(({ method, path }) => `${method} ${path}`);
  return [...new Set(keys)].sort();
}

function body(variant: Variant, values: Variant['valid']): RequestInit {
  if (variant.encoding === 'json') return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(values) };
  if (variant.encoding === 'urlencoded') return { body: new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])) };
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, String(value));
  for (const [name, file] of Object.entries(variant.files?.() ?? {})) form.append(name, file);
  return { body: form };
}

let addressCounter = 0;
/** A fresh client address per request, so the contact and newsletter rate limits never answer first. */
const freshIp = () => `10.9.${(++addressCounter >> 8) & 255}.${addressCounter & 255}`;

describe('text fields refuse control characters', () => {
  let t: TestApp;
  let cookie: string;
  let params: Record<string, string>;

  beforeEach(async () => {
    t = await createTestApp();
    await seed(t.handle.db);
    const post = (await getPostById(t.handle.db, 1))!;
    const block = await createBlock(t.handle.db, {
      postId: post.id,
      content: 'Stored block',
      position: 0,
      isOriginal: true,
      now: new Date().toISOString(),
    });
    const { subscriber } = await subscribe(t.handle.db, 'leaving@forkcast.test', new Date().toISOString());
    const links = new NewsletterLinks(await ensureSecret(t.handle.db, SETTING.newsletterSecret, new Date().toISOString()), ORIGIN);
    const token = new URL(links.unsubscribeUrl(subscriber)).pathname.split('/').at(-1)!;
    params = { slug: post.slug, postId: String(post.id), blockId: String(block.id), contentId: '1', id: '1', token };
    cookie = await t.signIn();
    const now = new Date().toISOString();
    const later = '2999-01-01T00:00:00.000Z';
    await createInvitation(t.handle.db, {
      email: 'invitee@forkcast.test',
      role: 'author',
      tokenHash: hashToken(INVITE_TOKEN),
      invitedBy: 1,
      now,
      expiresAt: later,
    });
    await createPasswordReset(t.handle.db, {
      tokenHash: hashToken(RESET_TOKEN),
      userId: await t.userId('author'),
      createdAt: now,
      expiresAt: later,
    });
    // Media item 1, whose alt text the library edits.
    await recordMedia(
      t.handle.db,
      {
        path: '/uploads/0000000000000000000000aa.jpg',
        originalName: 'a.jpg',
        bytes: 1,
        width: 1,
        height: 1,
        mime: 'image/jpeg',
        createdBy: null,
      },
      now,
    );
  });
  afterEach(() => t.cleanup());

  const send = (key: string, init: RequestInit) => {
    const [method, path] = key.split(' ') as [string, string];
    const url = path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => params[name]!);
    const request: RequestOptions = { ...init, method, ip: freshIp(), ...(SIGNS_IN.has(key) ? {} : { cookie }) };
    return t.request(url, request);
  };

  it('lists every unsafe route the app registers, and only those', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(unsafeRouteKeys(t));
  });

  it('accepts every listed valid body (so a refusal below is the character at work)', async () => {
    const got: string[] = [];
    for (const [key, variants] of Object.entries(ROUTES)) {
      for (const variant of variants) {
        const res = await send(key, body(variant, variant.valid));
        // A form post succeeds with a redirect to the page that says so.
        const ok =
          res.status < 300 ||
          (res.status === 303 && res.headers.get('location') !== newsletterOutcomeUrl('failed')) ||
          (variant.needsSite === true && res.status === 503 && /built site/.test(await res.clone().text()));
        got.push(`${key} [${variant.encoding}] -> ${ok ? 'ok' : `${res.status} ${await res.text()}`}`);
      }
    }
    expect(got.filter((line) => !line.endsWith('-> ok'))).toEqual([]);
  });

  it.each(Object.keys(ROUTES).filter((key) => ROUTES[key]!.length > 0))(
    '%s: refuses NUL and U+0007 in every text field with 400 naming it, and writes nothing',
    async (key) => {
      const before = await storedState(t);
      const got: string[] = [];
      const expected: string[] = [];
      for (const variant of ROUTES[key]!) {
        for (const field of variant.fields) {
          for (const ch of FORBIDDEN) {
            // Near the end, where the rest of the value is still well-formed (an address's path, an
            // email's domain), so only the character rule can refuse it.
            const value = String(variant.valid[field.name]);
            const at = Math.max(1, value.length - 4);
            const spoiled = { ...variant.valid, [field.name]: `${value.slice(0, at)}${ch}${value.slice(at)}` };
            const res = await send(key, body(variant, spoiled));
            const where = `${key} [${variant.encoding}] ${field.name} ${codePoint(ch)}`;
            const message = `${field.label} contains an invisible control character (${codePoint(ch)}); remove it and try again.`;
            if (variant.refusal === 'redirect') {
              got.push(`${where} -> ${res.status} ${res.headers.get('location')}`);
              expected.push(`${where} -> 303 ${newsletterOutcomeUrl('failed')}`);
            } else if (variant.refusal === 'page') {
              const page = await res.text();
              got.push(`${where} -> ${res.status} ${page.includes(message) ? 'names the field' : page}`);
              expected.push(`${where} -> 400 names the field`);
            } else {
              got.push(`${where} -> ${res.status} ${JSON.stringify(await res.json())}`);
              const named = variant.refusal === 'json-field' ? { field: field.name } : {};
              expected.push(`${where} -> 400 ${JSON.stringify({ message, code: 'validation', ...named })}`);
            }
          }
        }
      }
      expect(got).toEqual(expected);
      expect(await storedState(t)).toEqual(before);
    },
  );

  describe('CSV cells', () => {
    const COLUMNS = LISBON_CSV.split('\n')[0]!.split(',');

    it.each(FORBIDDEN.map(codePoint))(
      'refuses %s in any cell, the header included, naming its row and column, and writes nothing',
      async (point) => {
        const ch = String.fromCodePoint(parseInt(point.slice(2), 16));
        const before = await storedState(t);
        const [header, row] = LISBON_CSV.trimEnd()
          .split('\n')
          .map((line) => line.split(','));
        const files: string[] = [];
        const expected: string[] = [];
        for (const [rowNumber, cells] of [
          [1, header!],
          [2, row!],
        ] as const) {
          cells.forEach((_cell, at) => {
            const spoiledCells = cells.map((value, i) => (i === at ? `${value.slice(0, 2)}${ch}${value.slice(2)}` : value));
            const lines = rowNumber === 1 ? [spoiledCells, row!] : [header!, spoiledCells];
            const csv = `${lines.map((line) => line.join(',')).join('\n')}\n`;
            // A spoiled header cell cannot name its column, so its number does.
            const column = rowNumber === 1 ? `${at + 1}` : COLUMNS[at]!;
            expected.push(
              `Row ${rowNumber}, column '${column}': This cell contains an invisible control character (${point}); remove it and try again. [400 validation]`,
            );
            files.push(csv);
          });
        }
        const answers: string[] = [];
        for (const csv of files) {
          const variant = ROUTES['POST /api/admin/generate-guide']![0]!;
          const res = await send('POST /api/admin/generate-guide', body({ ...variant, files: () => csvFile(csv) }, variant.valid));
          const answer = (await res.json()) as { message: string; code: string };
          answers.push(`${answer.message} [${res.status} ${answer.code}]`);
        }
        expect(answers).toEqual(expected);
        expect(await storedState(t)).toEqual(before);
      },
    );

    it('allows tabs and line breaks in notes and addresses, and refuses them in single-line cells', async () => {
      const variant = ROUTES['POST /api/admin/generate-guide']![0]!;
      const generate = (csv: string) =>
        send('POST /api/admin/generate-guide', body({ ...variant, files: () => csvFile(csv) }, variant.valid));
      const multiLine = 'Restaurant,Notes,Address\nTaberna,"Order:\tthe fish\r\nthen the tart","Rua das Flores 103\nLisbon"\n';
      // The seed already has Lisbon, so this regenerates its guide (200).
      expect((await generate(multiLine)).status).toBe(200);
      const res = await generate('Restaurant,Cuisine\n"Taberna\nda Rua",Portuguese\n');
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        "Row 2, column 'Restaurant': This cell must be a single line, without tabs or line breaks.",
      );
    });
  });

  describe('tabs and line breaks', () => {
    const contact = { name: 'Reader', email: 'reader@forkcast.test', subject: 'Hello', message: 'Hi' };
    const post = (path: string, payload: unknown, withCookie = false) =>
      t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        ip: freshIp(),
        ...(withCookie ? { cookie } : {}),
      });

    it('are allowed in multi-line fields: a message, added text, block content', async () => {
      expect((await post('/api/contact', { ...contact, message: 'First line,\r\nsecond line\n\n\tand an indented third.' })).status).toBe(
        201,
      );
      expect((await post('/api/posts/1/content', { type: 'text', content: 'One\n\nTwo\tthree', position: 0 }, true)).status).toBe(201);
      expect((await post('/api/posts/1/blocks', { content: '## Heading\n\n- a\n- b', position: 1 }, true)).status).toBe(201);
    });

    it.each([
      ['name', 'Your name', 'Rea\nder'],
      ['subject', 'The subject', 'Hel\tlo'],
      ['email', 'Your email', 'reader@forkcast.test\r\nBcc: everyone@example.com'],
    ])('are refused inside the single-line contact field %s, and nothing is stored', async (field, label, value) => {
      const res = await post('/api/contact', { ...contact, [field]: value });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: `${label} must be a single line, without tabs or line breaks.`, code: 'validation' });
      expect(await t.handle.db.selectFrom('contactMessages').selectAll().execute()).toEqual([]);
    });

    it('around a single-line value are trimmed away, not refused', async () => {
      expect((await post('/api/contact', { ...contact, name: '\tReader\n' })).status).toBe(201);
      expect((await t.handle.db.selectFrom('contactMessages').select('name').executeTakeFirstOrThrow()).name).toBe('Reader');
    });
  });

  it.each(['/api/posts?type=po%00st', '/api/posts?published=tr%07ue', '/api/posts?limit=1%00', '/api/cities/kyoto/posts?type=gu%07ide'])(
    'refuses a control character in the query parameter of GET %s with 400',
    async (path) => {
      const res = await t.request(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation' });
    },
  );
});
