import { describe, expect, it } from 'vitest';
import { PresenceBoard, PRESENCE_TTL_MS } from './presence-board.ts';

const ANA = { id: 1, name: 'ana@forkcast.test' };
const BEN = { id: 2, name: 'ben@forkcast.test' };
const T0 = Date.parse('2026-01-15T10:00:00.000Z');

describe('the presence board', () => {
  it('names everyone else who has the same thing open, longest there first, and never the asker', () => {
    const board = new PresenceBoard();
    expect(board.beat('post:1', ANA, T0)).toEqual([]);
    expect(board.beat('post:1', BEN, T0 + 1_000)).toEqual([{ name: ANA.name, since: new Date(T0).toISOString() }]);
    expect(board.beat('post:1', ANA, T0 + 2_000)).toEqual([{ name: BEN.name, since: new Date(T0 + 1_000).toISOString() }]);
    expect(board.beat('post:2', ANA, T0 + 2_000)).toEqual([]);
  });

  it('forgets whoever leaves, and whoever stops beating for longer than the TTL', () => {
    const board = new PresenceBoard();
    board.beat('post:1', ANA, T0);
    board.beat('post:1', BEN, T0);
    board.leave('post:1', BEN.id);
    expect(board.beat('post:1', ANA, T0 + 1_000)).toEqual([]);
    board.beat('post:1', BEN, T0 + 1_000);
    // Ana keeps beating; Ben's last beat ages out.
    expect(board.beat('post:1', ANA, T0 + 1_000 + PRESENCE_TTL_MS)).toHaveLength(1);
    expect(board.beat('post:1', ANA, T0 + 1_001 + PRESENCE_TTL_MS)).toEqual([]);
  });

  it('keeps the time someone arrived while they keep beating', () => {
    const board = new PresenceBoard();
    board.beat('post:1', ANA, T0);
    for (let beat = 1; beat <= 5; beat++) board.beat('post:1', ANA, T0 + beat * 20_000);
    expect(board.beat('post:1', BEN, T0 + 100_000)).toEqual([{ name: ANA.name, since: new Date(T0).toISOString() }]);
  });

  it('holds nothing for what nobody has open any more', () => {
    const board = new PresenceBoard();
    board.beat('post:1', ANA, T0);
    board.beat('post:2', BEN, T0);
    board.leave('post:1', ANA.id);
    board.beat('post:3', ANA, T0 + PRESENCE_TTL_MS + 1);
    expect(board.size).toBe(1);
  });
});
