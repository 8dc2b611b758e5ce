import { createMiddleware } from 'hono/factory';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { AppEnv } from '../context.ts';
import { documented, refusals } from '../openapi/describe.ts';
import { readIfMatch } from './if-match.ts';

const IF_MATCH: OpenAPIV3_1.ParameterObject = {
  in: 'header',
  name: 'If-Match',
  required: false,
  description:
    'The version the change was made to, quoted as the read\'s ETag gives it (`"42"`; `version` in its JSON). When the entity is at another version now, the write is refused (412) and changes nothing. `*` matches any version. Without it the write is made to whatever is current (the last write wins), as clients that predate versions expect.',
  schema: { type: 'string' },
};

/**
 * In front of every write to a versioned entity (see commitVersionedWrite, which checks the
 * version in the write's transaction): a malformed If-Match is refused before the body is read,
 * and the document names the header and the 412 wherever it runs.
 */
export const takesVersion = documented(
  createMiddleware<AppEnv>(async (c, next) => {
    readIfMatch(c.req.header('If-Match'));
    await next();
  }),
  { parameters: [IF_MATCH], responses: refusals('stale_version') },
);
