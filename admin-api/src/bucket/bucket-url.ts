/** Where in object storage a bucket target lives: `s3://forkcast-site/prefix` is bucket `forkcast-site`, prefix `prefix`. */
export interface BucketLocation {
  bucket: string;
  /** Without a leading or trailing slash; empty for the bucket's root. */
  prefix: string;
  /** As configured, normalised: `s3://bucket/prefix`. */
  url: string;
}

// S3's rules for a bucket name (R2, B2 and MinIO accept the same): 3 to 63 lowercase letters,
// digits, dots and hyphens, starting and ending with a letter or digit.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
// A prefix of plain segments, so each key below it reads the same in any tool and console.
const PREFIX_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** Reads `s3://bucket[/prefix]`, or says in a few words why it is not one. */
export function parseBucketUrl(text: string): BucketLocation | { problem: string } {
  const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(text.trim());
  if (!match) return { problem: 'must be s3://bucket or s3://bucket/prefix' };
  const bucket = match[1] ?? '';
  if (!BUCKET_NAME.test(bucket))
    return { problem: `"${bucket}" is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)` };
  const prefix = (match[2] ?? '').replace(/\/+$/, '');
  if (prefix !== '' && !prefix.split('/').every((segment) => PREFIX_SEGMENT.test(segment))) {
    return { problem: `the prefix "${prefix}" must be plain path segments (letters, digits, . _ ~ -), none empty or starting with a dot` };
  }
  return { bucket, prefix, url: `s3://${bucket}${prefix ? `/${prefix}` : ''}` };
}

/** The full key of `key` below a location's prefix. */
export function fullKey(location: BucketLocation, key: string): string {
  return location.prefix ? `${location.prefix}/${key}` : key;
}

/** Whether two locations share keys: one's prefix is the other's or lies below it. */
export function overlapping(a: BucketLocation, b: BucketLocation): boolean {
  if (a.bucket !== b.bucket) return false;
  const within = (inner: string, outer: string) => outer === '' || inner === outer || inner.startsWith(`${outer}/`);
  return within(a.prefix, b.prefix) || within(b.prefix, a.prefix);
}
