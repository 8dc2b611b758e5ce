import { errors } from '../errors.ts';

/**
 * What a write's If-Match header asks for: any current version (`*`), one of the listed versions,
 * or nothing at all. A write without the header is made to whatever is current (the last write
 * wins): the API's clients before versions existed send none, and the SPEC's calls name none.
 */
export type Precondition = { any: true } | { any: false; versions: number[] } | undefined;

// An entity tag is a quoted string, weak when W/ comes first (RFC 9110, section 8.8.3).
const TAG = /^(W\/)?"([^"]*)"$/;

/** Reads If-Match; a header that is not a list of entity tags (or `*`) is refused (400) before anything is read. */
export function readIfMatch(header: string | undefined): Precondition {
  if (header === undefined || header.trim() === '') return undefined;
  if (header.trim() === '*') return { any: true };
  const versions: number[] = [];
  for (const part of header.split(',')) {
    const match = TAG.exec(part.trim());
    if (!match) throw errors.validation('If-Match takes the version in quotes, as the ETag gives it: "42".');
    // A weak tag never matches under If-Match's strong comparison, nor does a tag that is no version of ours.
    if (!match[1] && /^(0|[1-9]\d{0,15})$/.test(match[2]!)) versions.push(Number(match[2]));
  }
  return { any: false, versions };
}

/** Whether `version` satisfies the precondition (no precondition is satisfied by any version). */
export function satisfies(precondition: Precondition, version: number): boolean {
  return precondition === undefined || precondition.any || precondition.versions.includes(version);
}
