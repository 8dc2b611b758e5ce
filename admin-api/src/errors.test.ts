import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { createUser } from '@forkcast/content-db';
import { ApiError, errors } from './errors.ts';
import { createTestApp } from './testing.ts';

const SOURCE = join(import.meta.dirname);
const NOW = '2025-01-01T00:00:00.000Z';

/** Every production source file of the package (tests and test helpers excluded). */
function sourceFiles(dir = SOURCE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'testing.ts' ? [path] : [];
  });
}

describe('errors: one factory per kind', () => {
  it.each([
    ['validation', errors.validation('Bad.'), 400],
    ['invalid_csv', errors.invalidCsv('Bad rows.', [{ row: 2, message: 'x' }]), 422],
    ['unauthorized', errors.unauthorized(), 401],
    ['invalid_credentials', errors.invalidCredentials('Wrong.'), 401],
    ['cross_site', errors.crossSite(), 403],
    ['not_found', errors.notFound('Gone.'), 404],
    ['conflict', errors.conflict('Taken.'), 409],
    ['file_too_large', errors.tooLarge('file_too_large', 'Big.'), 413],
    ['unsupported_image', errors.unsupportedMedia('unsupported_image', 'Not an image.'), 415],
    ['rate_limited', errors.rateLimited('Slow down.', 30), 429],
    ['too_many_attempts', errors.tooManyAttempts(1), 429],
    ['internal_error', errors.internal(), 500],
    ['mail_refused', errors.mailRefused('Refused.'), 502],
  ] as const)('%s travels with its own status', (code, error, status) => {
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });

  it('keeps the sentences the API has always sent', () => {
    expect(errors.unauthorized().message).toBe('Sign in to continue.');
    expect(errors.crossSite().message).toBe('Cross-site requests are not allowed.');
    expect(errors.tooManyAttempts(1).message).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
    expect(errors.tooManyAttempts(7).message).toBe('Too many sign-in attempts. Please wait 7 seconds and try again.');
    expect(errors.http(400, '').message).toBe('The request could not be handled.');
    expect(errors.internal().message).toBe('Something went wrong on our side. Please try again.');
  });

  it('answers { message, code }, with problems or the field at fault only when the error has them', () => {
    expect(errors.notFound('Post not found.').body).toEqual({ message: 'Post not found.', code: 'not_found' });
    const problems = [{ row: 3, column: 'day', message: "expected a day number from 1 to 30, found 'x'." }];
    expect(errors.validation('Row 3.', problems).body).toEqual({ message: 'Row 3.', code: 'validation', problems });
    expect(errors.invalidField('slug', 'Taken.').body).toEqual({ message: 'Taken.', code: 'validation', field: 'slug' });
    expect(errors.conflict('Taken.', 'slug').body).toEqual({ message: 'Taken.', code: 'conflict', field: 'slug' });
    expect(errors.conflict('Taken.').body).toEqual({ message: 'Taken.', code: 'conflict' });
  });
});

describe('errors: every answer goes through ApiError', () => {
  it('no source file builds an ApiError or error JSON by hand', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles()) {
      if (file === join(SOURCE, 'errors.ts')) continue;
      const text = readFileSync(file, 'utf8');
      // A hand-made error answer names its code inline: `new ApiError(400, 'validation', ...)` or `c.json({ message, code })`.
      if (/new ApiError\(/.test(text) || /\.json\(\{[^}]*\bcode\b/.test(text)) offenders.push(relative(SOURCE, file));
    }
    expect(offenders).toEqual([]);
  });

  it("onError sends a thrown ApiError's body, status and Retry-After", async () => {
    const t = await createTestApp();
    try {
      t.app.get('/test-refusal', () => {
        throw errors.rateLimited('Slow down.', 42);
      });
      t.app.get('/test-hono', () => {
        throw new HTTPException(405, { message: '' });
      });
      t.app.get('/test-crash', () => {
        throw new Error('secret detail');
      });
      const refused = await t.app.request('/test-refusal');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('42');
      expect(await refused.json()).toEqual({ message: 'Slow down.', code: 'rate_limited' });
      const hono = await t.app.request('/test-hono');
      expect(hono.status).toBe(405);
      expect(await hono.json()).toEqual({ message: 'The request could not be handled.', code: 'http_error' });
      const crash = await t.app.request('/test-crash');
      expect(crash.status).toBe(500);
      expect(await crash.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
    } finally {
      await t.cleanup();
    }
  });

  it('answers a rule of users the database keeps, met by no route check first, with a 409 saying which', async () => {
    const t = await createTestApp();
    try {
      t.app.get('/test-second-owner', async () => {
        await createUser(t.handle.db, { email: 'second@forkcast.test', passwordHash: 'x', name: 'Second', role: 'owner', now: NOW });
        return new Response();
      });
      const refused = await t.app.request('/test-second-owner');
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        message: 'There is an owner already: ownership is transferred, never shared.',
        code: 'conflict',
      });
    } finally {
      await t.cleanup();
    }
  });
});
