import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedApi } from '../api-routes.ts';
import { createTestApp, json, type TestApp } from '../testing.ts';
import { METHODS, OPENAPI_PATH, openApiDocument, TAGS, type OpenApiDocument } from './document.ts';

/** A route's method and path with its parameters unnamed: `GET /api/posts/{}`, whatever Hono or OpenAPI call them. */
const shapeOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\/:[^/]+/g, '/{}').replace(/\{[^}]*\}/g, '{}')}`;

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method]! })),
  );

let t: TestApp;
let served: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  served = (await (await t.request(OPENAPI_PATH)).json()) as OpenApiDocument;
});
afterAll(() => t.cleanup());

describe('GET /api/openapi.json', () => {
  it('answers the document of the route table to anyone, as JSON a cache may keep', async () => {
    const res = await t.request(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await res.json()).toEqual(await openApiDocument(mountedApi()));
  });

  it('answers 304 to a cache that has it already', async () => {
    const first = await t.request(OPENAPI_PATH);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    const again = await t.request(OPENAPI_PATH, { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
  });

  it('keeps the rule that no answer to the signed-in admin is stored', async () => {
    const res = await t.request(OPENAPI_PATH, { cookie: await t.signIn() });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the OpenAPI document', () => {
  it("describes every route of the app's route table, and nothing else", () => {
    const routes = new Set(
      t.app.routes
        .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
        .map((route) => shapeOf(route.method, route.path)),
    );
    const documented = operationsOf(served).map(({ method, path }) => shapeOf(method, path));
    expect(new Set(documented).size).toBe(documented.length);
    expect(new Set(documented)).toEqual(routes);
  });

  it('passes a standard OpenAPI 3.1 validator', async () => {
    expect(served.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(served) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('gives every operation a summary, its resource, an id, its parameters and its answers', () => {
    const tags = TAGS.map((tag) => tag.name);
    for (const { method, path, operation } of operationsOf(served)) {
      const where = `${method} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags?.length, where).toBe(1);
      expect(tags, where).toContain(operation.tags![0]);
      const responses = Object.keys(operation.responses ?? {});
      expect(
        responses.some((status) => /^[23]/.test(status)),
        where,
      ).toBe(true);
      for (const status of responses.filter((s) => /^[45]/.test(s))) {
        const content = (operation.responses![status] as OpenAPIV3_1.ResponseObject).content ?? {};
        // A page a browser was sent to (an unsubscribe link) answers a page; everything else the JSON of a refusal.
        if (content['text/html']) continue;
        const error = content['application/json']?.schema;
        // The deep check answers its report when a check fails; every other refusal is an error.
        const shape = operation.operationId === 'getReadiness' ? 'Readiness' : 'Error';
        expect(JSON.stringify(error), `${where} ${status}`).toContain(`#/components/schemas/${shape}`);
      }
      const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])) {
        const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
        expect(parameter?.description ?? parameter?.schema, `${where}: ${name}`).toBeTruthy();
      }
    }
  });

  it('names the shared shapes: the error, and the answers of the contracts', () => {
    const schemas = Object.keys(served.components?.schemas ?? {});
    for (const name of ['Error', 'City', 'Post', 'PostWithUrl', 'ContentBlock', 'ContentItem', 'Subscriber', 'SearchAnswer']) {
      expect(schemas).toContain(name);
    }
    expect(served.components?.securitySchemes?.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'forkcast_session' }),
    );
  });

  // The document says who may call each route; the server is asked without a session.
  it('marks as admin-only exactly the routes that refuse a visitor with 401', async () => {
    const wrong: string[] = [];
    for (const { method, path, operation } of operationsOf(served)) {
      const adminOnly = (operation.security ?? []).length > 0 && !(operation.security ?? []).some((s) => Object.keys(s).length === 0);
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await t.request(url, method === 'get' ? {} : json(method.toUpperCase(), {}));
      await res.body?.cancel();
      const refused = res.status === 401;
      // Asking who is signed in is open to anyone, and answers 401 to nobody signed in.
      if (refused !== adminOnly && operation.operationId !== 'getCurrentUser') wrong.push(`${method} ${path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
