import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '@forkcast/content-db';

/**
 * Migrates one database for the whole run and hands its path to the tests (`inject`), which copy
 * it instead of migrating a database of their own (content-db/src/testing.ts).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'forkcast-template-'));
  const path = join(dir, 'template.db');
  const db = createDb(path);
  await migrateToLatest(db);
  // Closing the last connection checkpoints the write-ahead log into the file, so one file is the whole database.
  await db.destroy();
  project.provide('migratedTemplateDb', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
