import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { CsvProblem, StaleVersionDetails } from '@forkcast/shared/contracts';

/**
 * Every error code a client can receive, with the status it always travels with: a code is part of
 * the API contract, so a new one is added here, never spelled inline where the error is thrown.
 */
const STATUS_OF = {
  validation: 400,
  invalid_csv: 422,
  unauthorized: 401,
  invalid_credentials: 401,
  cross_site: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  wrong_host: 421,
  conflict: 409,
  gone: 410,
  stale_version: 412,
  body_too_large: 413,
  file_too_large: 413,
  image_too_large: 413,
  unsupported_media_type: 415,
  unsupported_image: 415,
  rate_limited: 429,
  too_many_attempts: 429,
  internal_error: 500,
  mail_refused: 502,
  unavailable: 503,
  insufficient_storage: 507,
} as const satisfies Record<string, ContentfulStatusCode>;

type CatalogueCode = keyof typeof STATUS_OF;

/** Every code of the catalogue with its status, for the OpenAPI document. */
export const ERROR_STATUSES: Readonly<Record<CatalogueCode, ContentfulStatusCode>> = STATUS_OF;

/** A client error Hono raised itself (an HTTPException); its status is the one Hono chose. */
type PassThroughCode = 'http_error';

export type ErrorCode = CatalogueCode | PassThroughCode;

type CodeWithStatus<Status> = { [Code in CatalogueCode]: (typeof STATUS_OF)[Code] extends Status ? Code : never }[CatalogueCode];

/** The 413 codes: what was too large (the whole body, a file, an image's pixel count). */
export type TooLargeCode = CodeWithStatus<413>;
/** The 415 codes: the request's encoding, or an upload that is not an image we accept. */
export type UnsupportedMediaCode = CodeWithStatus<415>;

/** The JSON body of every error answer. */
export type ErrorBody = {
  message: string;
  code: ErrorCode;
  problems?: readonly CsvProblem[];
  field?: string;
} & Partial<StaleVersionDetails>;

interface ApiErrorOptions {
  /** Itemised problems (an itinerary's rows and columns), sent beside the summary message. */
  problems?: readonly CsvProblem[];
  /** The one body field at fault, so an editor can show the message beside it. */
  field?: string | undefined;
  /** Seconds until a refused client may try again, sent as Retry-After. */
  retryAfter?: number;
  /** What a write based on an earlier version is told of the current one. */
  stale?: StaleVersionDetails;
}

/**
 * An error meant for the client: the one onError turns it into `{ message, code }` (plus
 * `problems` when it has them) with `status`. Build one with a factory of `errors`, which ties each
 * code to its status.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly problems: readonly CsvProblem[] | undefined;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;
  readonly stale: StaleVersionDetails | undefined;

  private constructor(status: ContentfulStatusCode, code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.problems = options.problems;
    this.field = options.field;
    this.retryAfter = options.retryAfter;
    this.stale = options.stale;
  }

  /** @internal Used by `errors`; everything else goes through a factory there. */
  static of(code: CatalogueCode, message: string, options?: ApiErrorOptions): ApiError {
    return new ApiError(STATUS_OF[code], code, message, options);
  }

  /** @internal Used by `errors.http`: the status comes from Hono, not from the catalogue. */
  static passThrough(status: ContentfulStatusCode, message: string): ApiError {
    return new ApiError(status, 'http_error', message);
  }

  get body(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.problems ? { problems: this.problems } : {}),
      ...(this.field === undefined ? {} : { field: this.field }),
      ...this.stale,
    };
  }
}

/** One factory per kind of error the API answers with. */
export const errors = {
  /** 400: the request breaks a rule; `problems` itemises an itinerary's refused cells. */
  validation: (message: string, problems?: readonly CsvProblem[]) => ApiError.of('validation', message, problems ? { problems } : {}),
  /** 400: one field of the body breaks a rule; the answer names it beside the message. */
  invalidField: (field: string, message: string) => ApiError.of('validation', message, { field }),
  /** 422: a well-formed upload whose itinerary does not hold up. */
  invalidCsv: (message: string, problems: readonly CsvProblem[]) => ApiError.of('invalid_csv', message, { problems }),
  /** 401: nobody is signed in. */
  unauthorized: (message = 'Sign in to continue.') => ApiError.of('unauthorized', message),
  /** 401: a sign-in whose email or password is wrong. */
  invalidCredentials: (message: string) => ApiError.of('invalid_credentials', message),
  /** 403: signed in, but the user's role (or their relation to the post) does not allow this. */
  forbidden: (message: string) => ApiError.of('forbidden', message),
  /** 403: an unsafe request the browser marks as coming from another site. */
  crossSite: () => ApiError.of('cross_site', 'Cross-site requests are not allowed.'),
  notFound: (message: string) => ApiError.of('not_found', message),
  /** 405: routes take this path, with other methods (which the answer's Allow header names). */
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    ApiError.of('method_not_allowed', `This address does not take ${method}; it takes ${allowed.join(', ')}.`),
  /** 421: an unsafe request addressed to a host this server does not answer for. */
  wrongHost: () => ApiError.of('wrong_host', 'This server does not answer for that host name.'),
  /** 409; `field` names the body field whose value clashes, when one does. */
  conflict: (message: string, field?: string) => ApiError.of('conflict', message, { field }),
  /** 412: the write was made to an earlier version of the entity than the current one (If-Match). */
  /** A single-use link that was used, revoked or has expired. */
  gone: (message: string) => ApiError.of('gone', message),
  staleVersion: (message: string, stale: StaleVersionDetails) => ApiError.of('stale_version', message, { stale }),
  tooLarge: (code: TooLargeCode, message: string) => ApiError.of(code, message),
  unsupportedMedia: (code: UnsupportedMediaCode, message: string) => ApiError.of(code, message),
  /** 429 from a request allowance; the client may try again after `retryAfter` seconds. */
  rateLimited: (message: string, retryAfter: number) => ApiError.of('rate_limited', message, { retryAfter }),
  /** 429 after repeated failed sign-ins: the wait grows with each failure. */
  tooManyAttempts: (retryAfter: number) =>
    ApiError.of(
      'too_many_attempts',
      `Too many sign-in attempts. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
      { retryAfter },
    ),
  /** A client error Hono raised (HTTPException below 500), keeping its status. */
  http: (status: ContentfulStatusCode, message: string) => ApiError.passThrough(status, message || 'The request could not be handled.'),
  /** 500: the request failed on our side; the details go to the log, never to the client. */
  unavailable: (message: string) => ApiError.of('unavailable', message),
  /** The server is at capacity for this kind of work; the client may retry after the given seconds. */
  busy: (message: string, retryAfter: number) => ApiError.of('unavailable', message, { retryAfter }),
  /** 507: the disk is full; the write was not made. */
  noRoom: (message: string) => ApiError.of('insufficient_storage', message),
  internal: () => ApiError.of('internal_error', 'Something went wrong on our side. Please try again.'),
  /** 502: the mail server refused a message, or could not be reached; the message says which. */
  mailRefused: (message: string) => ApiError.of('mail_refused', message),
} as const;
