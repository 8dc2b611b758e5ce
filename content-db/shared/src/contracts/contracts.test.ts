import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { formatPublishReport, newsletterOutcomeUrl, parsePublishReport } from './index.ts';

describe('the publish report header', () => {
  it('is written as pages and milliseconds, and read back by the one parser', () => {
    expect(formatPublishReport({ pages: 3, ms: 12 })).toBe('pages=3; ms=12');
    expect(parsePublishReport(formatPublishReport({ pages: 0, ms: 1250 }))).toEqual({ pages: 0, ms: 1250 });
  });

  it('reads nothing from a missing header, a failed publish or a garbled value', () => {
    for (const value of [null, undefined, '', contracts.formatPublishFailure('disk full'), 'pages=3', 'pages=x; ms=1', ' pages=3; ms=12']) {
      expect(parsePublishReport(value), String(value)).toBeUndefined();
    }
  });

  it('carries why a publish failed, encoded, and the one parser reads it back', () => {
    const reason = "EACCES: permission denied, open '/srv/site/kyoto/guide/index.html'";
    const value = contracts.formatPublishFailure(reason);
    expect(value).toMatch(/^failed; reason=[\x21-\x7e]+$/);
    expect(contracts.parsePublishFailure(value)).toEqual({ reason });
    expect(contracts.parsePublishFailure('failed')).toEqual({ reason: '' });
    expect(contracts.parsePublishFailure('failed; reason=%E0%A4%A')).toEqual({ reason: '' });
    expect(contracts.parsePublishFailure(formatPublishReport({ pages: 1, ms: 2 }))).toBeUndefined();
    expect(contracts.parsePublishFailure(null)).toBeUndefined();
  });

  it('is found case-insensitively on a fetch response', () => {
    const response = new Response(null, { headers: { 'x-forkcast-publish': formatPublishReport({ pages: 7, ms: 40 }) } });
    expect(parsePublishReport(response.headers.get(contracts.PUBLISH_HEADER))).toEqual({ pages: 7, ms: 40 });
  });
});

describe('the newsletter form outcomes', () => {
  it('send the reader to a fragment of the newsletter page', () => {
    expect(newsletterOutcomeUrl('subscribed')).toBe(`/newsletter#${contracts.NEWSLETTER_FORM_OUTCOME.subscribed}`);
    expect(newsletterOutcomeUrl('failed')).toBe(`/newsletter#${contracts.NEWSLETTER_FORM_OUTCOME.failed}`);
  });
});

describe('the email address rule', () => {
  it.each([
    'reader@example.com',
    'a.b+c@mail.example.co.uk',
    "o'brien@example.ie",
    'first_last-2@sub-domain.example.org',
    'Reader@Example.COM',
    'x@xn--bcher-kva.example',
    `${'a'.repeat(64)}@example.com`,
  ])('takes the bare address %j', (email) => {
    expect(contracts.isEmailAddress(email)).toBe(true);
  });

  it.each([
    // A display name, the sign-up trick: every prefix a new subscriber, all mail to one mailbox.
    'a<victim@example.com>',
    'Victim <victim@example.com>',
    '"Victim" <victim@example.com>',
    '<victim@example.com>',
    'victim@example.com>',
    'victim@example.com (comment)',
    'victim@example.com,other@example.com',
    'victim@example.com;other@example.com',
    'victim@example.com\r\nBcc: other@example.com',
    '"quoted local"@example.com',
    'victim@[192.0.2.1]',
    'reader@example',
    'reader example@x.com',
    '@example.com',
    'reader@@example.com',
    'reader@.',
    '.reader@example.com',
    'reader.@example.com',
    're..ader@example.com',
    'reader@example..com',
    'reader@-example.com',
    'reader@example-.com',
    'reader@example.c',
    'reader@example.123',
    'réader@example.com',
    'reader@exämple.com',
    'reader%example.com@relay.example',
    'reader?subject=x@example.com',
    '=cmd|calc@example.com',
    ' reader@example.com',
    `${'a'.repeat(65)}@example.com`,
    `reader@${'a'.repeat(64)}.com`,
    `${'a'.repeat(60)}@${`${'b'.repeat(60)}.`.repeat(4)}com`,
    '',
  ])('refuses %j', (email) => {
    expect(contracts.isEmailAddress(email)).toBe(false);
  });

  it('takes up to 254 characters, the most a mail system delivers', () => {
    const longest = `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(3)}cc.com`;
    expect(longest).toHaveLength(contracts.LIMITS.email);
    expect(contracts.isEmailAddress(longest)).toBe(true);
    expect(contracts.isEmailAddress(`a${longest}`)).toBe(false);
  });
});

describe('the contracts module', () => {
  it('imports nothing, so the browser bundle can load it without the database', () => {
    const folder = fileURLToPath(new URL('.', import.meta.url));
    const imports = readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        [...readFileSync(join(folder, file), 'utf8').matchAll(/^(?:import\b[^'\n]*|export\b[^'\n]*\bfrom\s*)'([^']+)'/gm)].map(
          (m) => `${file}: ${m[1]}`,
        ),
      )
      .filter((line) => !/: \.\/[\w-]+\.ts$/.test(line));
    expect(imports).toEqual([]);
  });
});
