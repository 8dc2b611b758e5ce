import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { WalCheckpointer } from './checkpointer.ts';

/** Writes a row whose text can be looked for in the database file itself, `padding` bytes long. */
const write = (handle: TempDb, text: string, padding = 0) =>
  handle.db
    .insertInto('settings')
    .values({ key: text, value: text.padEnd(padding, '.'), updatedAt: 't' })
    .execute();
const inDatabaseFile = (handle: TempDb, text: string) => readFileSync(handle.path).includes(text);
// More than SQLite's own 1,000 pages of log, fewer than the deferred 10,000.
const LOG_FILLER = 6 * 1024 * 1024;

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A logger that keeps what it was told. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, lines };
}

describe('WalCheckpointer', () => {
  let handle: TempDb;
  let checkpoints: WalCheckpointer | undefined;
  afterEach(async () => {
    await checkpoints?.stop();
    await handle.cleanup();
  });

  it('copies the log into the database file from its own thread, and gives checkpoints back to the connection when stopped', async () => {
    handle = await createTempDb();
    checkpoints = new WalCheckpointer({ db: handle.db, databasePath: handle.path, logger: recordingLogger().logger, intervalMs: 20 });
    await checkpoints.start();
    await write(handle, 'first-quokka-marker');
    await until(() => inDatabaseFile(handle, 'first-quokka-marker'));

    await checkpoints.stop();
    expect(checkpoints.running).toBe(false);
    // A small write stays in the log; one that takes it past 1,000 pages is checkpointed by the connection.
    await write(handle, 'second-quokka-marker');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(inDatabaseFile(handle, 'second-quokka-marker')).toBe(false);
    await write(handle, 'filler', LOG_FILLER);
    expect(inDatabaseFile(handle, 'second-quokka-marker')).toBe(true);
  });

  it('leaves a log the thread has not reached to the thread, up to 10,000 pages', async () => {
    handle = await createTempDb();
    checkpoints = new WalCheckpointer({ db: handle.db, databasePath: handle.path, logger: recordingLogger().logger, intervalMs: 60_000 });
    await checkpoints.start();
    // The thread checkpointed once as it started, and waits a minute for the next.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await write(handle, 'third-quokka-marker');
    await write(handle, 'filler', LOG_FILLER);
    expect(inDatabaseFile(handle, 'third-quokka-marker')).toBe(false);
  });

  it('gives checkpoints back to the connection, and says so, when its thread cannot run', async () => {
    handle = await createTempDb();
    const { logger, lines } = recordingLogger();
    checkpoints = new WalCheckpointer({ db: handle.db, databasePath: `${handle.path}.missing`, logger, intervalMs: 20 });
    await checkpoints.start();
    await until(() => !checkpoints!.running);
    expect(lines.some((line) => line.level >= 50 && /checkpoint thread stopped/.test(line.msg))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await write(handle, 'fourth-quokka-marker');
    await write(handle, 'filler', LOG_FILLER);
    expect(inDatabaseFile(handle, 'fourth-quokka-marker')).toBe(true);
  });
});
