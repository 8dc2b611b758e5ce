import { describe, expect, it } from 'vitest';
import { fullKey, overlapping, parseBucketUrl } from './bucket-url.ts';

const location = (text: string) => {
  const parsed = parseBucketUrl(text);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
};

describe('bucket URLs', () => {
  it('reads a bucket and an optional prefix', () => {
    expect(parseBucketUrl('s3://forkcast-site')).toEqual({ bucket: 'forkcast-site', prefix: '', url: 's3://forkcast-site' });
    expect(parseBucketUrl(' s3://forkcast-site/prefix/live/ ')).toEqual({
      bucket: 'forkcast-site',
      prefix: 'prefix/live',
      url: 's3://forkcast-site/prefix/live',
    });
    expect(fullKey(location('s3://b-1/p'), 'kyoto/guide')).toBe('p/kyoto/guide');
    expect(fullKey(location('s3://b-1'), 'index.html')).toBe('index.html');
  });

  it.each([
    ['https://forkcast-site.s3.amazonaws.com', 'must be s3://'],
    ['s3://', 'is not a bucket name'],
    ['s3://Forkcast_Site', 'is not a bucket name'],
    ['s3://forkcast-site/a//b', 'plain path segments'],
    ['s3://forkcast-site/.hidden', 'plain path segments'],
    ['s3://forkcast-site/a/../b', 'plain path segments'],
  ])('refuses %s', (text, problem) => {
    expect(parseBucketUrl(text)).toEqual({ problem: expect.stringContaining(problem) });
  });

  it('tells locations that share keys from those that do not', () => {
    expect(overlapping(location('s3://b-1/site'), location('s3://b-1/site/uploads'))).toBe(true);
    expect(overlapping(location('s3://b-1'), location('s3://b-1/uploads'))).toBe(true);
    expect(overlapping(location('s3://b-1/site'), location('s3://b-1/site-uploads'))).toBe(false);
    expect(overlapping(location('s3://b-1/site'), location('s3://b-2/site'))).toBe(false);
  });
});
