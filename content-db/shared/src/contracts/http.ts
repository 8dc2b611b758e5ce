/**
 * Names both sides of the wire read and write: the server sets and checks them, the static pages
 * and the islands read them. Kept free of imports so the browser bundle can take them as they are.
 */

/** The HttpOnly cookie that carries a signed-in user's session id. */
export const SESSION_COOKIE = 'forkcast_session';

/**
 * A non-secret cookie set beside the session cookie, its value the signed-in user's role, so the
 * static pages can show the controls of that role without asking the server. It proves nothing:
 * the server checks the session, and the role it holds, on every request.
 */
export const UI_HINT_COOKIE = 'forkcast_ui';

/** The response header on every write that says what the write published. */
export const PUBLISH_HEADER = 'X-Forkcast-Publish';

/** What a write published: how many pages changed and how long publishing took. */
export interface PublishReportHeader {
  pages: number;
  ms: number;
}

/** How the header's value starts when the change was saved but publishing failed (it stays queued). */
const PUBLISH_FAILED = 'failed';
/** Characters of a failure's reason the header carries. */
const REASON_LENGTH = 200;

const REPORT = /^pages=(\d+); ms=(\d+)$/;

/** The header's value for a publish that finished: `pages=3; ms=12`. */
export function formatPublishReport(report: PublishReportHeader): string {
  return `pages=${report.pages}; ms=${report.ms}`;
}

/**
 * The publish report in a value of the header, or undefined when there is none (a read, a refused
 * write) or publishing failed. Read it with `headers.get(PUBLISH_HEADER)`.
 */
export function parsePublishReport(value: string | null | undefined): PublishReportHeader | undefined {
  const match = REPORT.exec(value ?? '');
  return match ? { pages: Number(match[1]), ms: Number(match[2]) } : undefined;
}

/**
 * The header's value for a change that was saved but not published: `failed; reason=...`, the
 * reason percent-encoded so any message fits in a header.
 */
export function formatPublishFailure(reason: string): string {
  return `${PUBLISH_FAILED}; reason=${encodeURIComponent(reason.slice(0, REASON_LENGTH))}`;
}

/** Why publishing failed, when the header says it did (an empty reason when it names none). */
export function parsePublishFailure(value: string | null | undefined): { reason: string } | undefined {
  const match = /^failed(?:; reason=(.*))?$/.exec(value ?? '');
  if (!match) return undefined;
  try {
    return { reason: decodeURIComponent(match[1] ?? '') };
  } catch {
    return { reason: '' };
  }
}

/**
 * The response header on a write that kept history: the change's id, which
 * `POST /api/changes/:id/undo` takes back.
 */
export const CHANGE_HEADER = 'X-Forkcast-Change';

/** The change id a write's answer carries, if any. */
export function parseChangeHeader(value: string | null | undefined): number | undefined {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * The strong entity tag of a version (`"42"`): what single-entity reads answer as ETag and what a
 * write sends as If-Match to be refused (412) if the entity has changed since.
 */
export function versionTag(version: number): string {
  return `"${version}"`;
}
