import { versionTag, type StaleVersionDetails } from '@forkcast/shared/contracts';

/** An API response that was not OK. Its message is 'status: body' (or the status text). */
export class RequestError extends Error {
  override name = 'RequestError';
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
  }

  /** The `message` of the API's JSON error body, when it has one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

interface RequestOptions {
  /** The version of the entity the write was made to: sent as If-Match, so a stale write is refused (412). */
  version?: number | undefined;
  /** Lets the request outlive the page (a goodbye sent as the page closes). */
  keepalive?: boolean;
}

/** The one request helper: sends cookies, JSON or multipart bodies, and throws RequestError on a non-OK answer. */
export async function apiRequest(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = body === undefined || isForm ? {} : { 'content-type': 'application/json' };
  if (options.version !== undefined) headers['If-Match'] = versionTag(options.version);
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    ...(options.keepalive ? { keepalive: true } : {}),
    ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
  });
  if (!response.ok) throw new RequestError(response.status, response.statusText, await response.text());
  return response;
}

/** GET a JSON resource; by default a 401 means "not signed in" and gives null. */
export async function getJson<T>(url: string, { on401 = 'null' }: { on401?: 'null' | 'throw' } = {}): Promise<T | null> {
  try {
    return (await (await apiRequest('GET', url)).json()) as T;
  } catch (error) {
    if (on401 === 'null' && error instanceof RequestError && error.status === 401) return null;
    throw error;
  }
}

/** The server's message for an error if it sent one, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof RequestError ? (error.serverMessage ?? fallback) : fallback;
}

/**
 * What a write refused because it was made to an earlier version (412 stale_version) says of the
 * current one; undefined for any other error.
 */
export function staleVersionOf(error: unknown): StaleVersionDetails | undefined {
  if (!(error instanceof RequestError) || error.status !== 412) return undefined;
  try {
    const body = JSON.parse(error.body) as Partial<StaleVersionDetails> & { code?: unknown };
    if (body.code !== 'stale_version' || typeof body.currentVersion !== 'number') return undefined;
    return {
      currentVersion: body.currentVersion,
      changedBy: body.changedBy ?? null,
      changedAt: body.changedAt ?? null,
      changes: Array.isArray(body.changes) ? body.changes : [],
    };
  } catch {
    return undefined;
  }
}
