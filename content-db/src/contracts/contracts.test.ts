import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { City, ContactMessage, ContentBlock, ContentItem, Post, PublishRecord, Subscriber } from '../index.ts';
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

describe('the email pattern', () => {
  it('takes something@something.something without spaces, and nothing else', () => {
    expect(['reader@example.com', 'a.b+c@mail.example.co.uk'].filter((email) => contracts.EMAIL_PATTERN.test(email))).toHaveLength(2);
    expect(
      ['reader@example', 'reader example@x.com', '@example.com', 'reader@@example.com', 'reader@.'].filter((email) =>
        contracts.EMAIL_PATTERN.test(email),
      ),
    ).toEqual([]);
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

  it('describes the rows the API answers with', () => {
    expectTypeOf<City>().toExtend<contracts.City>();
    expectTypeOf<Post>().toExtend<contracts.Post>();
    expectTypeOf<ContentItem>().toExtend<contracts.ContentItem>();
    expectTypeOf<ContentBlock>().toExtend<contracts.ContentBlock>();
    expectTypeOf<Subscriber>().toExtend<contracts.Subscriber>();
    expectTypeOf<ContactMessage>().toExtend<contracts.ContactMessage>();
    expectTypeOf<PublishRecord & { at: string }>().toExtend<NonNullable<contracts.PublishStatus['lastPublish']>>();
    expectTypeOf<PublishRecord>().toExtend<NonNullable<contracts.PublishStatus['lastFailure']>>();
  });
});
