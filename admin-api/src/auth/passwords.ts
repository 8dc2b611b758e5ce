import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 lane.
// `algorithm: 2` is the library's Algorithm.Argon2id (a const enum, which erasable TypeScript cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The work a hash costs: memory in KiB and passes. Only tests ask for less than the product's. */
export interface HashCost {
  memoryCost: number;
  timeCost: number;
}

export function hashPassword(password: string, cost?: HashCost): Promise<string> {
  return hash(password, { ...ARGON2_OPTIONS, ...cost });
}

/** True when the password matches the stored hash; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password that is easy to copy: 24 characters from an unambiguous alphabet (~140 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(24);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

let dummy: Promise<string> | undefined;

/**
 * A real hash of a random password, made once: verifying against it when an email is unknown
 * takes as long as a real check, so response times do not reveal which emails are admins.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
