import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db.ts';
import type { WebhookEvent } from '@forkcast/shared/contracts';
import type { TrashKind } from '../schema.ts';
import { entityKey, loadState, type EntityRef } from './entities.ts';
import { trashSnapshot, type TrashSnapshot } from './trash-snapshots.ts';

/** An entity a change touched, with its state (as stored JSON) from before the change's first write to it. */
interface Touched {
  ref: EntityRef;
  before: string | null;
}

/** A webhook event a repository write announced, queued by commitChange with the change's outbox entry. */
interface AnnouncedEvent {
  event: WebhookEvent;
  data: Record<string, unknown>;
}

export interface Captured {
  touched: Touched[];
  trashed: TrashSnapshot[];
  events: AnnouncedEvent[];
}

interface Capture {
  touched: Map<string, Touched>;
  /** Loads in flight, so a second write to the same entity waits for the first one's snapshot. */
  loading: Map<string, Promise<void>>;
  trashed: TrashSnapshot[];
  events: AnnouncedEvent[];
}

const current = new AsyncLocalStorage<Capture>();

/**
 * Runs `work` and collects, for every entity the repositories are about to change while it runs,
 * its state before the first change, and a snapshot of everything they delete into the trash: what
 * commitChange turns into revisions and trash rows in the same transaction. The write-side twin of
 * trackWrites, so no route records (or forgets) a revision by hand.
 */
export async function captureChanges<T>(work: () => Promise<T>): Promise<{ result: T; captured: Captured }> {
  const capture: Capture = { touched: new Map(), loading: new Map(), trashed: [], events: [] };
  const result = await current.run(capture, work);
  await Promise.all(capture.loading.values());
  return { result, captured: { touched: [...capture.touched.values()], trashed: capture.trashed, events: capture.events } };
}

/**
 * Called by a repository write before it changes an entity (a post's row or body, a city's row or
 * itinerary, the homepage hero); does nothing outside captureChanges. Read in the write's own
 * transaction, so the state is the one the change started from.
 */
export async function recordBefore(db: Db, ref: EntityRef): Promise<void> {
  const capture = current.getStore();
  if (!capture) return;
  const key = entityKey(ref);
  const pending = capture.loading.get(key);
  if (pending) return pending;
  if (capture.touched.has(key)) return;
  const loading = loadState(db, ref).then((state) => {
    capture.touched.set(key, { ref, before: state === null ? null : JSON.stringify(state) });
  });
  capture.loading.set(key, loading);
  await loading;
}

/** Called by a repository insert after it created an entity: it did not exist before this change. */
export function recordCreated(ref: EntityRef): void {
  const capture = current.getStore();
  const key = entityKey(ref);
  if (capture && !capture.touched.has(key)) capture.touched.set(key, { ref, before: null });
}

/**
 * Called by a repository delete of something the trash keeps, before it deletes: takes the full
 * snapshot (with its dependent rows) that restoring it needs. Does nothing outside captureChanges.
 */
export async function recordTrashed(db: Db, kind: TrashKind, id: number): Promise<void> {
  const capture = current.getStore();
  if (!capture) return;
  const snapshot = await trashSnapshot(db, kind, id);
  if (snapshot) capture.trashed.push(snapshot);
}

/**
 * Called by a repository write whose change is an event of its own (a page going live): queued
 * with the change, so it exists exactly when the change does. Does nothing outside captureChanges.
 */
export function recordEvent(event: WebhookEvent, data: Record<string, unknown>): void {
  current.getStore()?.events.push({ event, data });
}
