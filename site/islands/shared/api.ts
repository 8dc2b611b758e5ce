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

/** The one request helper: sends cookies, JSON or multipart bodies, and throws RequestError on a non-OK answer. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const isForm = body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
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
