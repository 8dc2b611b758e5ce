/** How long a presence lasts without a heartbeat: two missed beats of the editors' 20 s, and some slack. */
export const PRESENCE_TTL_MS = 50_000;

/** Someone with something open, as the others are told. */
export interface Present {
  name: string;
  /** When they opened it (their first heartbeat since). */
  since: string;
}

interface Entry {
  name: string;
  since: number;
  seen: number;
}

/**
 * Who has which editable thing open, kept in memory: editors send a heartbeat while they have it
 * open and are told who else does. One server holds the writer lease and takes every admin write,
 * so it is the one place every editor's heartbeat reaches; a restart forgets it all, and the next
 * beats (20 s apart) fill it again. Entries past the TTL are dropped as the board is used.
 */
export class PresenceBoard {
  readonly #open = new Map<string, Map<number, Entry>>();

  /** Records that `person` has `key` open at `now`; answers everyone else who has it open, longest there first. */
  beat(key: string, person: { id: number; name: string }, now: number): Present[] {
    this.#expire(now);
    let here = this.#open.get(key);
    if (!here) this.#open.set(key, (here = new Map()));
    const entry = here.get(person.id);
    here.set(person.id, { name: person.name, since: entry?.since ?? now, seen: now });
    return [...here]
      .filter(([id]) => id !== person.id)
      .map(([, other]) => other)
      .sort((a, b) => a.since - b.since)
      .map((other) => ({ name: other.name, since: new Date(other.since).toISOString() }));
  }

  /** `personId` closed `key`. */
  leave(key: string, personId: number): void {
    const here = this.#open.get(key);
    here?.delete(personId);
    if (here?.size === 0) this.#open.delete(key);
  }

  /** How many things someone has open. */
  get size(): number {
    return this.#open.size;
  }

  #expire(now: number): void {
    for (const [key, here] of this.#open) {
      for (const [id, entry] of here) if (now - entry.seen > PRESENCE_TTL_MS) here.delete(id);
      if (here.size === 0) this.#open.delete(key);
    }
  }
}
