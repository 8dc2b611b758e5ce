import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error meant for the client: the one onError turns it into `{ message, code }` with `status`. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly code: string;

  constructor(status: ContentfulStatusCode, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
