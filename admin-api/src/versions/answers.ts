import type { Context } from 'hono';
import { entityVersion, entityVersions, type Db, type EntityRef } from '@forkcast/content-db';
import { versionTag, type Versioned } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';

/** A post or a city as the API answers it: with its version, which a write sends back as If-Match. */
export async function withVersion<T extends { id: number }>(db: Db, entity: 'post' | 'city', row: T): Promise<T & Versioned> {
  return { ...row, version: (await entityVersion(db, { entity, id: row.id })).version };
}

/** Posts or cities, each with its version. */
export async function withVersions<T extends { id: number }>(
  db: Db,
  entity: 'post' | 'city',
  rows: readonly T[],
): Promise<(T & Versioned)[]> {
  const versions = await entityVersions(
    db,
    entity,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, version: versions.get(row.id) ?? 0 }));
}

/** Sets the ETag of an answer about one entity (or a part of it, such as a post's blocks): its version. */
export async function tagVersion(c: Context<AppEnv>, db: Db, ref: EntityRef): Promise<number> {
  const { version } = await entityVersion(db, ref);
  c.header('ETag', versionTag(version));
  return version;
}

/** Answers one entity as JSON with its version as the ETag. */
export function versionedJson<T extends Versioned>(c: Context<AppEnv>, body: T) {
  c.header('ETag', versionTag(body.version));
  return c.json(body);
}
