import fc from 'fast-check';
import { ADMIN } from './support.ts';

/**
 * The requests the fuzz test sends: an endpoint of the route table (or a path of the site folder),
 * its path parameters, query, body and headers, each drawn from values that exist, valid bodies
 * mutated field by field, and values known to break parsers and validators.
 */

/** One request to send, as it goes on the wire. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  signedIn: boolean;
}

/** Values that break validators: empty, huge, control characters, markup, traversal, odd numbers and types. */
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u0007bell',
    'x'.repeat(20_000),
    -1,
    0,
    1.5,
    2 ** 53,
    1e308,
    null,
    true,
    [],
    {},
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '/uploads/../../content.db',
    'javascript:alert(1)',
    'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4',
    'http://[::1',
    '2000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    'a@b.c?cc=x@y.z',
    '=HYPERLINK("http://x")',
    '\uD800',
    '👩‍🍳',
  ),
);

type Template = Record<string, unknown>;

/** A valid body, or one with a field dropped, changed to an odd value or added; sometimes any JSON at all. */
function mutated(template: Template): fc.Arbitrary<unknown> {
  const keys = Object.keys(template);
  const variants: fc.Arbitrary<unknown>[] = [fc.constant(template), fc.constant(template), fc.jsonValue({ maxDepth: 3 })];
  if (keys.length > 0) {
    variants.push(
      fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(template).filter(([name]) => name !== key))),
      fc.tuple(fc.constantFrom(...keys), oddValue).map(([key, value]) => ({ ...template, [key]: value })),
    );
  }
  variants.push(fc.tuple(fc.string({ maxLength: 12 }), oddValue).map(([key, value]) => ({ ...template, [key]: value })));
  return fc.oneof(...variants);
}

/** What exists in the database the requests go to, and a real image to upload. */
export interface Fixture {
  postIds: number[];
  postSlugs: string[];
  cityIds: number[];
  citySlugs: string[];
  png: Buffer;
}

/** A value for a path parameter: one that exists, a number, or anything. */
function paramValue(name: string, fixture: Fixture): fc.Arbitrary<string> {
  const known =
    name === 'slug'
      ? [...fixture.postSlugs, ...fixture.citySlugs]
      : /city/i.test(name)
        ? fixture.cityIds.map(String)
        : fixture.postIds.map(String);
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...known, '1', '2', '3') },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 1_000_000 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '00', '1e3', '9'.repeat(30), '-0', '%20', '..', '%2e%2e', '%00', 'null', '%F0%9F%8D%9C') },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
  );
}

/** The valid body of each write route, by `METHOD path` of the route table. */
function templates(fixture: Fixture): Record<string, Template> {
  return {
    'POST /api/login': { email: ADMIN.email, password: 'not the password' },
    'POST /api/contact': { name: 'Ana', email: 'ana@example.com', subject: 'Hello', message: 'A question about Lisbon.' },
    'POST /api/newsletter/subscribe': { email: 'reader@example.com' },
    'POST /api/newsletter/subscribe/form': { email: 'form.reader@example.com' },
    'POST /api/newsletter/unsubscribe/:token': { 'List-Unsubscribe': 'One-Click' },
    'POST /api/hero/update-image': { imageUrl: '/images/posts/bakery.jpg', alt: 'Loaves' },
    'PATCH /api/posts/:slug/hero-image': { heroImage: '/images/posts/grill.jpg', alt: 'A grill' },
    'PATCH /api/posts/:slug/published': { published: true },
    'POST /api/posts/:postId/content': { type: 'text', content: 'A note.', position: 1 },
    'POST /api/posts/:postId/blocks': { content: 'Rewritten.', position: 0, isOriginal: true },
    'PUT /api/posts/:postId/blocks/:blockId': { content: 'Rewritten again.' },
    'POST /api/posts': {
      title: 'Fuzzed Noodles',
      excerpt: 'Slurped.',
      content: 'First.\n\nSecond.',
      type: 'post',
      cityId: fixture.cityIds[0],
      tags: ['noodles'],
      status: 'draft',
    },
    'PATCH /api/posts/:id{[0-9]+}': { title: 'A New Title', tags: ['late night'] },
    'POST /api/cities': { name: 'Nagoya', description: 'Miso katsu.' },
    'PATCH /api/cities/:id': { description: 'Both banks.', spreadsheetUrl: 'https://sheets.example/x' },
    'POST /api/admin/generate-guide': { cityName: 'Nara', cityDescription: 'Deer and mochi.' },
  };
}

const FILE_FIELDS: Record<string, string> = {
  'POST /api/upload': 'image',
  'POST /api/upload/hero-image': 'image',
  'POST /api/admin/generate-guide': 'csvFile',
};

/** A file to upload: a real image, a CSV, a broken image or random bytes. */
function fileArbitrary(fixture: Fixture): fc.Arbitrary<{ bytes: Uint8Array; name: string; type: string }> {
  const csv = 'Day,Restaurant,Notes\n1,Stall One,Grilled eel\n2,Stall Two,"Mochi, pounded"\n';
  return fc.record({
    bytes: fc.oneof(
      fc.constant(new Uint8Array(fixture.png)),
      fc.constant(new Uint8Array(fixture.png.subarray(0, fixture.png.length >> 1))),
      fc.constant(new TextEncoder().encode(csv)),
      fc.uint8Array({ maxLength: 2048 }),
      fc.string({ maxLength: 300 }).map((text) => new TextEncoder().encode(text)),
    ),
    name: fc.oneof(
      fc.constantFrom('photo.png', 'guide.csv', '../../etc/passwd', '.hidden.tmp', 'a"b.png', ''),
      fc.string({ maxLength: 20 }),
    ),
    type: fc.constantFrom('image/png', 'text/csv', 'application/octet-stream', 'image/svg+xml', '', 'text/html'),
  });
}

/** A value `times` in `times + otherwise` draws, else null. */
const sometimes = <T>(times: number, otherwise: number, value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: otherwise, arbitrary: fc.constant(null) }, { weight: times, arbitrary: value });

type BodyKind = 'none' | 'json' | 'broken-json' | 'urlencoded' | 'multipart' | 'raw';

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Encodes a body of the given kind; multipart bodies come out of the platform's FormData encoder. */
async function encodeBody(
  kind: BodyKind,
  value: unknown,
  file: { bytes: Uint8Array; name: string; type: string } | undefined,
  fileField: string | undefined,
  raw: Uint8Array,
): Promise<{ body: Buffer | undefined; contentType: string | undefined }> {
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value] as const];
  switch (kind) {
    case 'none':
      return { body: undefined, contentType: undefined };
    case 'json':
      return { body: Buffer.from(JSON.stringify(value) ?? 'null'), contentType: 'application/json' };
    case 'broken-json':
      return { body: Buffer.from((JSON.stringify(value) ?? '{').slice(0, -1)), contentType: 'application/json' };
    case 'urlencoded':
      return {
        body: Buffer.from(new URLSearchParams(fields.map(([key, item]) => [key, asText(item)])).toString()),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'multipart': {
      const form = new FormData();
      for (const [key, item] of fields) form.append(key, asText(item));
      if (file) form.append(fileField ?? 'file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      const encoded = new Request('http://encoder/', { method: 'POST', body: form });
      return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? undefined };
    }
    case 'raw':
      return { body: Buffer.from(raw), contentType: undefined };
  }
}

/** Headers browsers, proxies and scanners send, in odd forms too. */
const ODD_HEADERS: Record<string, fc.Arbitrary<string>> = {
  'content-type': fc.constantFrom(
    'application/json; charset=utf-16',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=nothing-like-the-body',
    'application/x-www-form-urlencoded; charset=latin1',
    'text/plain',
    'application/json, text/html',
    ';;;',
  ),
  'accept-encoding': fc.constantFrom('br;q=0, gzip;q=0', '*;q=0', 'identity;q=0', 'x-unknown, br;q=2', ',,,', 'gzip;q=NaN'),
  'if-none-match': fc.constantFrom('*', 'W/"x"', '"', '"a", W/', ''),
  'if-modified-since': fc.constantFrom('yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', '0'),
  range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=99999999-', 'lines=1-2'),
  cookie: fc.constantFrom('forkcast_session=forged', 'forkcast_session=', '=; ;=', 'forkcast_device=a.b.c', 'forkcast_ui=admin'),
  'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('', 'unknown', '1.2.3.4, , ::1', '999.1.1.1', '[::1]:80')),
  origin: fc.constantFrom('https://evil.example', 'null', 'https://forkcast.test', ''),
  'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site', 'bogus'),
  host: fc.constantFrom('forkcast.test', 'evil.example', 'localhost', '127.0.0.1:1', '[::1]', 'FORKCAST.TEST.'),
  accept: fc.constantFrom('text/html', 'application/json', '*/*;q=0', ''),
};
/** One or two of them: more would have most requests refused for their origin or host before anything else is tried. */
const oddHeaders = fc
  .array(fc.oneof(...Object.entries(ODD_HEADERS).map(([name, value]) => value.map((text) => [name, text] as const))), {
    minLength: 1,
    maxLength: 2,
  })
  .map((pairs) => Object.fromEntries(pairs));

/** A request to one of `endpoints` (`app.routes` entries) or to the site folder. */
export function requestArbitrary(fixture: Fixture, endpoints: { method: string; path: string }[]): fc.Arbitrary<Promise<FuzzRequest>> {
  const bodies = templates(fixture);
  const endpoint = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...endpoints) },
    // The site folder and whatever it does not have.
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.oneof(
            fc.constantFrom(
              'uploads',
              '.hidden.tmp',
              '.fuzz-secret',
              '_astro',
              '..',
              '.',
              '%2e',
              '%2E%2E',
              'post',
              'kyoto',
              'guide',
              'index.html',
              '',
            ),
            fc.string({ maxLength: 12 }).map(encodeURIComponent),
          ),
          { maxLength: 4 },
        )
        .map((segments) => ({ method: 'GET', path: `/${segments.join('/')}` })),
    },
  );
  return fc
    .record({
      endpoint,
      otherMethod: sometimes(1, 9, fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND')),
      query: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('published', 'type', 'limit', 'offset', 'cityId', 'tag', 'status', 'q', 'sort', 'token', 'next'),
            fc.string({ maxLength: 8 }),
          ),
          fc.oneof(
            fc.constantFrom('true', 'guide', '-1', '99999999999999999999', 'updated', 'draft', '/admin', '//evil.example', '%'),
            fc.string({ maxLength: 20 }),
          ),
        ),
        { maxLength: 3 },
      ),
      kind: fc.constantFrom<BodyKind>('none', 'json', 'json', 'json', 'broken-json', 'urlencoded', 'multipart', 'multipart', 'raw'),
      raw: fc.uint8Array({ maxLength: 512 }),
      file: sometimes(1, 1, fileArbitrary(fixture)),
      headers: sometimes(1, 2, oddHeaders),
      signedIn: fc.constantFrom(true, true, false),
    })
    .chain((shape) => {
      const key = `${shape.endpoint.method} ${shape.endpoint.path}`;
      const names = [...shape.endpoint.path.matchAll(/:(\w+)(?:\{[^}]*\})?/g)].map((match) => match[1]!);
      return fc.record({
        shape: fc.constant(shape),
        key: fc.constant(key),
        params: fc.tuple(...names.map((name) => paramValue(name, fixture))),
        value: mutated(bodies[key] ?? {}),
      });
    })
    .map(async ({ shape, key, params, value }) => {
      let index = 0;
      const path = shape.endpoint.path.replace(/:(\w+)(?:\{[^}]*\})?/g, () => params[index++] ?? '');
      const query =
        shape.query.length > 0
          ? `?${shape.query.map(([name, item]) => `${encodeURIComponent(name)}=${encodeURIComponent(item)}`).join('&')}`
          : '';
      const { body, contentType } = await encodeBody(shape.kind, value, shape.file ?? undefined, FILE_FIELDS[key], shape.raw);
      const headers: Record<string, string> = { ...(contentType ? { 'content-type': contentType } : {}), ...(shape.headers ?? {}) };
      return { method: shape.otherMethod ?? shape.endpoint.method, path: `${path}${query}`, headers, body, signedIn: shape.signedIn };
    });
}
