/**
 * A purge webhook receiver for a CDN that purges by URL, here Cloudflare: a worked example of the
 * contract in the README's Deploy section, in plain JavaScript with no dependencies, so it runs on
 * any current Node (`node purge-receiver.mjs`) and is short enough to port to a serverless function.
 *
 * It accepts Forkcast's POST only when the X-Forkcast-Signature header is a valid HMAC-SHA256 of the
 * signed time and the raw body under the shared secret, and the time is within five minutes of its
 * own clock (so a captured request cannot be replayed later). It then asks the CDN to purge the
 * URLs, at most 100 per call, and answers 204; when the CDN fails it answers 502, and Forkcast tries
 * again. Purging a URL twice is harmless, so nothing needs to remember which ids it has seen.
 *
 * Settings (environment): PURGE_WEBHOOK_SECRET (the same value as Forkcast's), CLOUDFLARE_ZONE_ID,
 * CLOUDFLARE_API_TOKEN (a token with the Cache Purge permission), PORT (8787), HOST (127.0.0.1),
 * CLOUDFLARE_API (https://api.cloudflare.com/client/v4, changed only to test against a stand-in).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const MAX_SKEW_SECONDS = 5 * 60;
const URLS_PER_CALL = 100;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Whether `header` (`t=<unix seconds>,v1=<hex>`) signs `body` under `secret` at a time within
 * MAX_SKEW_SECONDS of `nowSeconds`.
 * @param {string} secret
 * @param {string | undefined} header
 * @param {string} body
 * @param {number} nowSeconds
 */
function verifySignature(secret, header, body, nowSeconds) {
  const fields = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const time = Number(fields.get('t'));
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  if (!Number.isInteger(time) || Math.abs(nowSeconds - time) > MAX_SKEW_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${time}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Purges the URLs at Cloudflare, URLS_PER_CALL at a time; throws when a call is refused.
 * @param {{ api: string, zone: string, token: string }} cdn
 * @param {string[]} urls
 */
async function purge(cdn, urls) {
  for (let start = 0; start < urls.length; start += URLS_PER_CALL) {
    const response = await fetch(`${cdn.api}/zones/${cdn.zone}/purge_cache`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cdn.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ files: urls.slice(start, start + URLS_PER_CALL) }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok || answer.success !== true) throw new Error(`the CDN answered ${response.status}`);
  }
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<string | undefined>} the body, or undefined when it is too large
 */
async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** @param {Record<string, string | undefined>} env */
function settings(env) {
  const missing = ['PURGE_WEBHOOK_SECRET', 'CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'].filter((name) => !env[name]);
  if (missing.length > 0) {
    console.error(`Set ${missing.join(', ')} in the environment.`);
    process.exit(1);
  }
  return {
    secret: /** @type {string} */ (env.PURGE_WEBHOOK_SECRET),
    cdn: {
      api: env.CLOUDFLARE_API ?? 'https://api.cloudflare.com/client/v4',
      zone: /** @type {string} */ (env.CLOUDFLARE_ZONE_ID),
      token: /** @type {string} */ (env.CLOUDFLARE_API_TOKEN),
    },
    port: Number(env.PORT ?? 8787),
    host: env.HOST ?? '127.0.0.1',
  };
}

const { secret, cdn, port, host } = settings(process.env);
const server = createServer(async (request, response) => {
  if (request.method !== 'POST') return response.writeHead(405, { allow: 'POST' }).end();
  const body = await readBody(request);
  if (body === undefined) return response.writeHead(413).end();
  if (!verifySignature(secret, request.headers['x-forkcast-signature']?.toString(), body, Math.floor(Date.now() / 1000))) {
    return response.writeHead(401).end();
  }
  /** @type {{ id?: string, urls?: unknown }} */
  const delivery = JSON.parse(body);
  const urls = Array.isArray(delivery.urls) ? delivery.urls.filter((url) => typeof url === 'string') : [];
  try {
    await purge(cdn, urls);
    console.log(`purged ${urls.length} URLs (delivery ${delivery.id})`);
    response.writeHead(204).end();
  } catch (error) {
    console.error(`delivery ${delivery.id}: ${error instanceof Error ? error.message : error}`);
    response.writeHead(502).end();
  }
});
server.listen(port, host, () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`purge receiver listening on http://${host}:${address.port}`);
});
