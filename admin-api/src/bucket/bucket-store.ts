import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type BucketLocation, fullKey } from './bucket-url.ts';
import type { BucketObject } from './site-objects.ts';

// A bucket that does not answer is given up on after this long (the request is retried with the
// object's other tries, in the background); the write that waits for it has answered long before.
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
// DeleteObjects takes at most this many keys.
const DELETE_BATCH = 1000;

/**
 * An S3 client configured the AWS SDK's standard way: credentials, region and endpoint from its
 * own settings (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ENDPOINT_URL_S3 or
 * AWS_ENDPOINT_URL, the shared config files, an instance role). With an endpoint of its own (R2,
 * B2, MinIO) buckets are addressed by path, as those services want, rather than by host name.
 */
export function s3ClientFromEnvironment(env: Record<string, string | undefined> = process.env): S3Client {
  return new S3Client({
    forcePathStyle: Boolean(env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL),
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/** An object as a listing shows it: its key below the prefix and its ETag (the MD5 of its bytes, for a single-part put). */
export interface ListedObject {
  key: string;
  etag: string;
  size: number;
}

/** One bucket location (bucket and prefix): puts, deletes, lists and reads objects by their keys below the prefix. */
export class BucketStore {
  readonly location: BucketLocation;
  readonly #client: S3Client;

  constructor(location: BucketLocation, client: S3Client) {
    this.location = location;
    this.#client = client;
  }

  /** Puts one object with its headers, in one request (a site's files are far below the 5 GB a single put takes). */
  async put(key: string, object: BucketObject): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.location.bucket,
        Key: fullKey(this.location, key),
        Body: object.body,
        ContentType: object.contentType,
        CacheControl: object.cacheControl,
        ...(object.redirect ? { WebsiteRedirectLocation: object.redirect } : {}),
      }),
    );
  }

  /** Deletes objects (a key that is not there counts as deleted); resolves to the keys that failed, with why. */
  async delete(keys: readonly string[]): Promise<Map<string, string>> {
    const failed = new Map<string, string>();
    const prefixLength = this.location.prefix ? this.location.prefix.length + 1 : 0;
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const answer = await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.location.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: fullKey(this.location, key) })), Quiet: true },
        }),
      );
      for (const error of answer.Errors ?? []) {
        if (error.Key) failed.set(error.Key.slice(prefixLength), `${error.Code ?? 'Error'}: ${error.Message ?? 'not deleted'}`);
      }
    }
    return failed;
  }

  /** Every object below the prefix, page by page as the bucket lists them. */
  async *list(): AsyncGenerator<ListedObject> {
    const prefix = this.location.prefix ? `${this.location.prefix}/` : '';
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) yield { key: object.Key.slice(prefix.length), etag: object.ETag ?? '', size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** An object's bytes, or undefined when there is none under `key`. */
  async read(key: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: fullKey(this.location, key) }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }
}
