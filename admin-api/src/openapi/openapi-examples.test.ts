import { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '@forkcast/content-db/seed';
import { mountedApi } from '../api-routes.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { METHODS, openApiDocument, type OpenApiDocument } from './document.ts';

/**
 * Every example exchange the document shows is sent to a real app over the seeded content: the
 * app must answer the documented status, and its JSON must fit the documented response schema.
 * Reads share one app; each example that writes gets a fresh one, so no example depends on another.
 */

interface Example {
  name: string;
  method: string;
  path: string;
  operation: OpenAPIV3_1.OperationObject;
}

const doc: OpenApiDocument = await openApiDocument(mountedApi());
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

function examplesOf(document: OpenApiDocument): Example[] {
  const found: Example[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const names = new Set<string>();
      const collect = (examples: Record<string, unknown> | undefined) => Object.keys(examples ?? {}).forEach((name) => names.add(name));
      for (const parameter of (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) collect(parameter.examples);
      for (const media of Object.values((operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {}))
        collect(media.examples);
      for (const response of Object.values(operation.responses ?? {}) as OpenAPIV3_1.ResponseObject[]) {
        for (const media of Object.values(response.content ?? {})) collect(media.examples);
      }
      for (const name of names) found.push({ name, method, path, operation });
    }
  }
  return found;
}

/** The status the example is documented under: the answer holding it, else the operation's one success. */
function expectedStatus({ name, operation }: Example): number {
  const responses = Object.entries(operation.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
  const holding = responses.find(([, response]) => Object.values(response.content ?? {}).some((media) => media.examples?.[name]));
  if (holding) return Number(holding[0]);
  const successes = responses.filter(([status]) => /^[23]/.test(status));
  if (successes.length !== 1) throw new Error(`example '${name}' names no answer and the operation has ${successes.length} successes`);
  return Number(successes[0]![0]);
}

const exampleValue = (examples: Record<string, unknown> | undefined, name: string) =>
  (examples?.[name] as OpenAPIV3_1.ExampleObject | undefined)?.value as unknown;

/** The request an example describes: its path and query filled in from the parameters' examples, its body from the request body's. */
function requestOf({ name, path, method, operation }: Example): { url: string; init: RequestInit } {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const url = path.replace(/\{([^}]+)\}/g, (_, param: string) => {
    const value = exampleValue(parameters.find((p) => p.in === 'path' && p.name === param)?.examples, name);
    if (value === undefined) throw new Error(`example '${name}' of ${method} ${path} gives no ${param}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const value = exampleValue(parameter.examples, name);
    if (value !== undefined) query.set(parameter.name, String(value));
  }
  const headers = new Headers();
  for (const parameter of parameters.filter((p) => p.in === 'header')) {
    const value = exampleValue(parameter.examples, name);
    if (value !== undefined) headers.set(parameter.name, String(value));
  }
  const init: RequestInit = { method: method.toUpperCase(), headers };
  for (const [media, content] of Object.entries((operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {})) {
    const body = exampleValue(content.examples, name);
    if (body === undefined) continue;
    if (media === 'application/json') {
      init.body = JSON.stringify(body);
      headers.set('content-type', media);
    } else if (media === 'application/x-www-form-urlencoded') {
      init.body = new URLSearchParams(body as Record<string, string>);
    } else {
      const form = new FormData();
      const properties = ((content.schema as OpenAPIV3_1.SchemaObject).properties ?? {}) as Record<string, OpenAPIV3_1.SchemaObject>;
      for (const [field, value] of Object.entries(body as Record<string, string>)) {
        // A file field's example is the file's text; it is sent as a file named after the field.
        if (properties[field]?.format === 'binary') form.append(field, new File([value], `${field}.csv`, { type: 'text/csv' }));
        else form.append(field, value);
      }
      init.body = form;
    }
  }
  return { url: `${url}${query.size > 0 ? `?${query}` : ''}`, init };
}

const needsSession = (operation: OpenAPIV3_1.OperationObject) =>
  (operation.security ?? []).length > 0 && !(operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);

/** A fresh app over the seeded content, signed in or not. */
async function seededApp(): Promise<TestApp> {
  const t = await createTestApp();
  await seed(t.handle.db);
  return t;
}

async function check(t: TestApp, example: Example): Promise<void> {
  const { url, init } = requestOf(example);
  const cookie = needsSession(example.operation) ? await t.signIn() : undefined;
  const response = await t.request(url, { ...init, ...(cookie ? { cookie } : {}) });
  const text = await response.text();
  expect(response.status, `${example.method.toUpperCase()} ${url}: ${text.slice(0, 300)}`).toBe(expectedStatus(example));
  const documented = (example.operation.responses?.[String(response.status)] as OpenAPIV3_1.ResponseObject | undefined)?.content;
  const schema = documented?.['application/json']?.schema;
  if (!schema) return;
  // A refusal is shown word for word; a success's example may be shortened, so only its shape counts.
  const shown = exampleValue(documented?.['application/json']?.examples, example.name);
  if (response.status >= 400 && shown !== undefined) expect(JSON.parse(text)).toEqual(shown);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const validate = ajv.compile({ ...schema, components: doc.components });
  expect(validate(JSON.parse(text)) ? [] : validate.errors, text.slice(0, 300)).toEqual([]);
}

const examples = examplesOf(doc);
const reads = examples.filter((example) => example.method === 'get');
const writes = examples.filter((example) => example.method !== 'get');

describe('the examples of the OpenAPI document', () => {
  let reader: TestApp;
  beforeAll(async () => {
    reader = await seededApp();
  });
  afterAll(() => reader.cleanup());

  it('cover the important routes, reads and writes', () => {
    expect(reads.length).toBeGreaterThan(15);
    expect(writes.length).toBeGreaterThan(15);
  });

  it.each(reads.map((example) => [`${example.method.toUpperCase()} ${example.path} (${example.name})`, example] as const))(
    '%s is answered as documented',
    async (_, example) => {
      await check(reader, example);
    },
  );

  it.each(writes.map((example) => [`${example.method.toUpperCase()} ${example.path} (${example.name})`, example] as const))(
    '%s is answered as documented, in a fresh app',
    async (_, example) => {
      const t = await seededApp();
      try {
        await check(t, example);
      } finally {
        await t.cleanup();
      }
    },
  );

  it('show answers that fit their own schemas', () => {
    const misfits: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        for (const [status, response] of Object.entries(item[method]?.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][]) {
          const media = response.content?.['application/json'];
          if (!media?.schema) continue;
          const validate = ajv.compile({ ...media.schema, components: doc.components });
          for (const [name, example] of Object.entries(media.examples ?? {}) as [string, OpenAPIV3_1.ExampleObject][]) {
            if (!validate(example.value)) misfits.push(`${method} ${path} ${status} '${name}': ${ajv.errorsText(validate.errors)}`);
          }
        }
      }
    }
    expect(misfits).toEqual([]);
  });
});
