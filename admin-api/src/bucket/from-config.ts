import type { Logger } from 'pino';
import type { Db } from '@forkcast/content-db';
import type { Config } from '../config.ts';
import { renderedRenderId, type DistPaths } from '../publisher/site-build.ts';
import { BucketPublisher } from './bucket-publisher.ts';

export interface BucketWiring {
  db: Db;
  config: Pick<Config, 'siteBucket' | 'uploadsBucket' | 'uploadDir'>;
  dist: DistPaths;
  logger: Logger;
  mayPublish?: () => boolean;
  onLateSync?: (paths: string[]) => void;
  /** The AWS SDK's settings; the process's environment unless told. */
  env?: Record<string, string | undefined>;
}

/**
 * The bucket publisher for SITE_BUCKET and UPLOADS_BUCKET, or undefined when neither is set. The
 * AWS SDK is loaded only then: a deployment without a bucket never pays for loading it.
 */
export async function bucketPublisherFromConfig({
  db,
  config,
  dist,
  logger,
  mayPublish,
  onLateSync,
  env,
}: BucketWiring): Promise<BucketPublisher | undefined> {
  const { siteBucket, uploadsBucket } = config;
  if (!siteBucket && !uploadsBucket) return undefined;
  const { BucketStore, s3ClientFromEnvironment } = await import('./bucket-store.ts');
  const client = s3ClientFromEnvironment(env);
  return new BucketPublisher({
    db,
    logger: logger.child({ component: 'bucket' }),
    ...(siteBucket
      ? { site: { store: new BucketStore(siteBucket, client), siteDir: dist.siteDir, renderId: () => renderedRenderId(dist) } }
      : {}),
    ...(uploadsBucket ? { uploads: { store: new BucketStore(uploadsBucket, client), uploadDir: config.uploadDir } } : {}),
    ...(mayPublish ? { mayPublish } : {}),
    ...(onLateSync ? { onLateSync } : {}),
  });
}
