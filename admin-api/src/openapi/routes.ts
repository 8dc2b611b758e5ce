import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../context.ts';
import { answer, describer } from './describe.ts';
import { openApiDocument, type OpenApiDocument } from './document.ts';
import { OpenApiShape } from './shapes.ts';

const describe = describer('Documentation');

/**
 * GET /api/openapi.json: the OpenAPI document of `routeTable`, made once, on the first request.
 * It changes only with the server's code, so anyone may keep it a few minutes and revalidate it
 * by its ETag after that.
 */
export function openApiRoutes(routeTable: () => Hono<AppEnv>): Hono<AppEnv> {
  let json: Promise<string> | undefined;
  return new Hono<AppEnv>().get(
    '/',
    describe({
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      description:
        'The OpenAPI 3.1 description of every route, generated from the schemas that validate the requests; a client generator can read it as it is.',
      responses: { 200: answer('The document.', OpenApiShape) },
      examples: [
        {
          name: 'document',
          summary: 'Read the document (shortened)',
          status: 200,
          response: { openapi: '3.1.0', info: { title: 'Forkcast API', version: '0.1.0' }, paths: { '/api/health': {} } },
        },
      ],
    }),
    etag({ weak: true }),
    async (c) => {
      json ??= openApiDocument(routeTable()).then((doc: OpenApiDocument) => JSON.stringify(doc));
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(await json, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    },
  );
}
