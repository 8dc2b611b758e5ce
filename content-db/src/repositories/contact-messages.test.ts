import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { addContactMessage, deleteContactMessage, listContactMessages, type NewContactMessage } from './contact-messages.ts';

function makeMessage(overrides: Partial<NewContactMessage> = {}): NewContactMessage {
  return {
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'Loved the Kyoto guide.\nThanks!',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('contact messages repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('adds a message and returns it with its id, exactly as given', async () => {
    const input = makeMessage();
    const stored = await addContactMessage(db, input);
    expect(stored).toEqual({ id: stored.id, ...input });
    expect(await listContactMessages(db)).toEqual([stored]);
  });

  it('lists newest first, with the newer id first on equal dates', async () => {
    await addContactMessage(db, makeMessage({ subject: 'old', createdAt: '2025-01-01T00:00:00.000Z' }));
    await addContactMessage(db, makeMessage({ subject: 'newest', createdAt: '2025-03-01T00:00:00.000Z' }));
    await addContactMessage(db, makeMessage({ subject: 'tie-a', createdAt: '2025-02-01T00:00:00.000Z' }));
    await addContactMessage(db, makeMessage({ subject: 'tie-b', createdAt: '2025-02-01T00:00:00.000Z' }));
    expect((await listContactMessages(db)).map((m) => m.subject)).toEqual(['newest', 'tie-b', 'tie-a', 'old']);
  });

  it('is empty at first', async () => {
    expect(await listContactMessages(db)).toEqual([]);
  });

  it('deletes by id and returns true, then false for the same or an unknown id', async () => {
    const gone = await addContactMessage(db, makeMessage({ subject: 'gone' }));
    const kept = await addContactMessage(db, makeMessage({ subject: 'kept' }));
    expect(await deleteContactMessage(db, gone.id)).toBe(true);
    expect(await deleteContactMessage(db, gone.id)).toBe(false);
    expect(await deleteContactMessage(db, 9999)).toBe(false);
    expect(await listContactMessages(db)).toEqual([kept]);
  });
});
