import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StoreUnavailableError, type StoreUnavailableReason } from './store/sql/database';
import { describeQueryErrors, describeSchemaErrors } from './validation';

/** The body of every error response: a machine code and a sentence naming what was wrong (and, for some codes, what the page can act on). */
export interface ErrorBody {
  error: string;
  message: string;
  [detail: string]: string;
}

/** An expected failure with its HTTP status; handlers throw it, the error handler renders it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Fields the body carries beside `error` and `message`: what stands in the way, for the page to act on. */
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Sends `{ error, message }` (and `details`) with the given status. */
export function sendError(reply: FastifyReply, status: number, code: string, message: string, details: Readonly<Record<string, string>> = {}): FastifyReply {
  const body: ErrorBody = { error: code, message, ...details };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own body-reading failures, as our codes and sentences (JSON syntax is json-body.ts's), each with the route's own limit and types. */
const FASTIFY_ERRORS: Readonly<Record<string, { status: number; code: string; message: (request: FastifyRequest) => string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'body-too-large',
    message: (request) => `The request body is larger than the limit of ${request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0} bytes.`,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported-media-type',
    message: (request) => `The request body must be JSON (Content-Type: ${(request.routeOptions.config.bodyTypes ?? ['application/json']).join(' or ')}).`,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad-content-length', message: () => 'The Content-Length header does not match the body.' },
};

/**
 * A database that cannot do the work just now, as answered: busy with other work for moments, or
 * out of reach while it restarts. The page's retry (src/api/retry.ts) waits the Retry-After.
 */
const STORE_UNAVAILABLE: Readonly<Record<StoreUnavailableReason, { code: string; message: string; retryAfterS: number }>> = {
  busy: { code: 'store-busy', message: 'The server is busy with other requests; nothing was changed. Try again in a moment.', retryAfterS: 1 },
  unreachable: { code: 'store-unreachable', message: 'The server cannot reach its database just now. Try again in a moment.', retryAfterS: 2 },
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error;
}

/** Renders every thrown error as JSON: ours as they are, a database unavailable for now as a 503 to retry, Fastify's mapped, anything else as a logged 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return sendError(reply, error.status, error.code, error.message, error.details);
    }
    if (error instanceof StoreUnavailableError) {
      const answer = STORE_UNAVAILABLE[error.reason];
      request.log.warn({ err: error }, `database ${error.reason}`);
      reply.header('retry-after', String(answer.retryAfterS));
      return sendError(reply, 503, answer.code, answer.message);
    }
    if (!isFastifyError(error)) {
      request.log.error({ err: error }, 'non-error thrown');
      return sendError(reply, 500, 'internal-error', 'Something went wrong on the server.');
    }
    if (error.validation !== undefined) {
      if (error.validationContext === 'querystring') return sendError(reply, 400, 'invalid-query', describeQueryErrors(error.validation, request.query));
      return sendError(reply, 400, 'invalid-body', describeSchemaErrors(error.validation));
    }
    const known = error.code === undefined ? undefined : FASTIFY_ERRORS[error.code];
    if (known !== undefined) return sendError(reply, known.status, known.code, known.message(request));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, 'bad-request', error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'internal-error', 'Something went wrong on the server.');
  });
}
