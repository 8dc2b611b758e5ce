import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { SESSION_COOKIE } from '@forkcast/shared/contracts';
import packageJson from '../../package.json' with { type: 'json' };
import type { AppEnv } from '../context.ts';
import { UNSUBSCRIBE_PATH } from '../newsletter/links.ts';
import { ErrorBody, EXCHANGES, refusals, SESSION_SCHEME, type Exchange } from './describe.ts';

export type OpenApiDocument = OpenAPIV3_1.Document & { paths: Record<string, OpenAPIV3_1.PathItemObject> };
type Operation = OpenAPIV3_1.OperationObject & { [EXCHANGES]?: Exchange[] };

/** Where the server answers the document. */
export const OPENAPI_PATH = '/api/openapi.json';

export const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const UNSAFE = new Set<string>(['put', 'post', 'patch', 'delete']);
// The one unsafe request a page of another site may send: its signed token is its authority.
const CROSS_SITE_EXEMPT = `post ${UNSUBSCRIBE_PATH}/{token}`;

/** The resources, in the order the document and docs/api.md present them. */
export const TAGS: OpenAPIV3_1.TagObject[] = [
  { name: 'Health', description: 'Whether the server is up, and the deep check for monitoring.' },
  { name: 'Sign-in', description: "A user's session: signing in and out, and who is signed in." },
  { name: 'Users', description: 'The newsroom: its members, their roles and profiles, and signing them out.' },
  { name: 'People', description: 'Joining the newsroom by invitation, and setting a new password by a mailed link.' },
  { name: 'Cities', description: 'The cities, their guides and posts.' },
  { name: 'Posts', description: 'Posts and guides: reading, writing, publishing, previews.' },
  { name: 'Review', description: 'Submitting a post for review, sending it back with a note, and the comments on it.' },
  { name: 'Post body', description: "A post's editable body: stored blocks that replace paragraphs, and inline additions between them." },
  { name: 'Homepage hero', description: "The homepage's hero image." },
  { name: 'Uploads', description: 'Images uploaded for heroes and inline content.' },
  { name: 'Media', description: 'The media library: every upload, its alt text, focal point and where it is used.' },
  { name: 'Contact', description: 'The contact form and its inbox.' },
  { name: 'Newsletter', description: 'Signing up, confirming and leaving, and the subscriber list.' },
  { name: 'Newsletter sends', description: 'Sending a post to every confirmed subscriber, and following the sends.' },
  { name: 'Admin', description: 'The guide generator, the cities overview and the publish status.' },
  { name: 'History', description: 'Revisions, undo and the trash.' },
  { name: 'Search', description: "The published site's guides, posts and restaurants." },
  { name: 'Export and import', description: 'All content as one versioned JSON document, and taking one into an empty site.' },
  { name: 'Redirects', description: 'Paths answered with a redirect: those slug changes left, and those editors make.' },
  { name: 'Webhooks', description: 'Endpoints told about events, signed the Standard Webhooks way, and their delivery log.' },
  { name: 'Insights', description: 'Privacy-first readership counts: the page beacon (no cookies, no stored address or user agent).' },
  { name: 'Pages', description: "The site's written pages (About-like), live at /{slug} once published." },
  { name: 'Documentation', description: 'This document.' },
];

const DESCRIPTION = `The HTTP API of a Forkcast site: the public reads the pages make, the sign-up and contact forms, and every write the newsroom makes. A write answers once every page it affects is published.

Errors are JSON, \`{ "message", "code" }\` (the \`Error\` schema), with a fitting status. A user signs in with \`POST /api/login\`, which sets the \`${SESSION_COOKIE}\` cookie every guarded route needs (the \`${SESSION_SCHEME}\` scheme, whose scopes name the roles a route admits: owner, administrator, editor, author, contributor; a role it does not admit is answered 403). Every unsafe request a browser marks as cross-site is refused (403), and so is every unsafe request whose \`Host\` is not one this server answers for (421). Request bodies are at most 100 kB (413), except the uploads; a JSON body must be sent as JSON (415). A method no route takes at a known path is answered 405 with \`Allow\`.`;

/**
 * The OpenAPI 3.1 document of a route table (a Hono app whose API routes sit under /api), made from
 * what the routes carry: each validate() middleware's zod schema, each route's description, and
 * what the permission guards and rateLimit add wherever they run. Routes that carry nothing are left out,
 * which the route-table test catches.
 */
export async function openApiDocument(routes: Hono<AppEnv>): Promise<OpenApiDocument> {
  const error = z.toJSONSchema(ErrorBody, { io: 'output' }) as Record<string, unknown>;
  delete error.$schema;
  const generated = await generateSpecs(routes, {
    // The document's own path ends in .json; nothing else here is a file.
    excludeStaticFile: false,
    documentation: {
      info: { title: 'Forkcast API', version: packageJson.version, description: DESCRIPTION },
      tags: TAGS,
      components: {
        schemas: { Error: error as OpenAPIV3_1.SchemaObject },
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              "The session `POST /api/login` starts: HttpOnly, SameSite=Lax, 24 hours idle and 14 days at most. A route's requirement lists the roles it admits.",
          },
        },
      },
    },
    defaultValidationErrorResponse: refusals('validation')['400']!,
  });
  // A copy: the generator hands back some of the routes' own description objects, which stay as they are.
  const doc = JSON.parse(JSON.stringify(generated)) as OpenApiDocument;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      placeExchanges(operation, `${method} ${path}`);
      addSharedRefusals(operation, method, path);
      if (operation.security) operation.security = unique(operation.security);
    }
  }
  doc.paths = mergeSameTemplates(doc.paths);
  return doc;
}

const unique = <T>(items: T[]): T[] => [...new Map(items.map((item) => [JSON.stringify(item), item])).values()];

type Responses = NonNullable<Operation['responses']>;
const codesOf = (response: unknown): string[] | undefined =>
  (response as { content?: { 'application/json'?: { schema?: { allOf?: { properties?: { code?: { enum?: string[] } } }[] } } } })
    ?.content?.['application/json']?.schema?.allOf?.[1]?.properties?.code?.enum;

/** Adds refusals to a route's answers; a status it answers already (a guard's 403) gains the codes, keeping its examples. */
function addRefusals(responses: Responses, ...codes: Parameters<typeof refusals>): void {
  for (const [status, response] of Object.entries(refusals(...codes))) {
    const known = codesOf(responses[status]);
    if (known) known.push(...(codesOf(response) ?? []).filter((code) => !known.includes(code)));
    else responses[status] = response;
  }
}

/** What every route of its kind may also answer, from the middleware in front of every /api route. */
function addSharedRefusals(operation: Operation, method: string, path: string): void {
  const responses = (operation.responses ??= {});
  if (UNSAFE.has(method)) {
    if (`${method} ${path}` !== CROSS_SITE_EXEMPT) addRefusals(responses, 'cross_site');
    addRefusals(responses, 'wrong_host');
  }
  if (operation.requestBody && !responses['413']) Object.assign(responses, refusals('body_too_large'));
  // validate('json') refuses any other Content-Type before it reads the body.
  const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
  if (body?.content?.['application/json'] && !responses['415']) Object.assign(responses, refusals('unsupported_media_type'));
}

/** Puts each exchange's parts where OpenAPI keeps examples, all under the exchange's name. */
function placeExchanges(operation: Operation, where: string): void {
  const exchanges = operation[EXCHANGES] ?? [];
  delete operation[EXCHANGES];
  const fail = (exchange: Exchange, problem: string) => {
    throw new Error(`${where}, example '${exchange.name}': ${problem}`);
  };
  for (const exchange of exchanges) {
    const example = (value: unknown) => ({ summary: exchange.summary, value });
    for (const [place, values] of [
      ['path', exchange.params],
      ['query', exchange.query],
      ['header', exchange.headers],
    ] as const) {
      for (const [name, value] of Object.entries(values ?? {})) {
        const parameter = (operation.parameters ?? []).find((p) => !('$ref' in p) && p.in === place && p.name === name) as
          | OpenAPIV3_1.ParameterObject
          | undefined;
        if (!parameter) fail(exchange, `no ${place} parameter '${name}'`);
        parameter!.examples = { ...parameter!.examples, [exchange.name]: example(value) };
      }
    }
    if (exchange.body !== undefined) {
      const content = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {};
      const media = content[exchange.media ?? 'application/json'];
      if (!media) fail(exchange, `no request body of type ${exchange.media ?? 'application/json'}`);
      media!.examples = { ...media!.examples, [exchange.name]: example(exchange.body) };
    }
    const response = operation.responses?.[String(exchange.status)] as OpenAPIV3_1.ResponseObject | undefined;
    if (!response) fail(exchange, `no ${exchange.status} answer`);
    const json = response!.content?.['application/json'];
    // A JSON answer is shown, so every example is seen whole; one without a body is found by its request.
    if (json && exchange.response === undefined) fail(exchange, `the ${exchange.status} answer is JSON: show it`);
    if (!json && exchange.response !== undefined) fail(exchange, `the ${exchange.status} answer is not JSON`);
    if (json) json.examples = { ...json.examples, [exchange.name]: example(exchange.response) };
    if (!json && !exchange.params && !exchange.query && !exchange.headers && exchange.body === undefined)
      fail(exchange, 'nothing to show it by');
    // An answer without a body is told by its request alone, so it must be the operation's one success.
    const successes = Object.keys(operation.responses ?? {}).filter((status) => /^[23]/.test(status));
    if (!json && (successes.length !== 1 || successes[0] !== String(exchange.status)))
      fail(exchange, 'show an answer without a body only for the one success');
  }
}

/**
 * OpenAPI holds `/posts/{slug}` and `/posts/{id}` to be one path, so routes that differ only in the
 * names of their parameters (a post read by slug, written by id) share one, named after both
 * (`{slugOrId}`); each operation still says what its parameter is.
 */
function mergeSameTemplates(paths: Record<string, OpenAPIV3_1.PathItemObject>): Record<string, OpenAPIV3_1.PathItemObject> {
  const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
  const namesOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const groups = new Map<string, string[]>();
  for (const path of Object.keys(paths)) groups.set(shapeOf(path), [...(groups.get(shapeOf(path)) ?? []), path]);
  const merged: Record<string, OpenAPIV3_1.PathItemObject> = {};
  for (const [shape, members] of groups) {
    if (members.length === 1) {
      merged[members[0]!] = paths[members[0]!]!;
      continue;
    }
    const capitalised = (name: string) => name[0]!.toUpperCase() + name.slice(1);
    const names = namesOf(members[0]!).map((_, i) => {
      const these = [...new Set(members.map((path) => namesOf(path)[i]!))];
      return (
        these[0]! +
        these
          .slice(1)
          .map((name) => `Or${capitalised(name)}`)
          .join('')
      );
    });
    let slot = 0;
    const key = shape.replace(/\{\}/g, () => `{${names[slot++]}}`);
    const item: OpenAPIV3_1.PathItemObject = {};
    for (const path of members) {
      const own = namesOf(path);
      for (const method of METHODS) {
        const operation = paths[path]![method];
        if (!operation) continue;
        if (item[method]) throw new Error(`${method.toUpperCase()} ${path} and another route share the path ${key}`);
        for (const parameter of operation.parameters ?? []) {
          if ('$ref' in parameter || parameter.in !== 'path') continue;
          const at = own.indexOf(parameter.name);
          if (at !== -1) parameter.name = names[at]!;
        }
        item[method] = operation;
      }
    }
    merged[key] = item;
  }
  return merged;
}
