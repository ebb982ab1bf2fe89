import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../backend/serving/db-errors';

/** Thrown by route code for an answer with a status and a `{detail}` message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

const DEFAULT_DETAIL: Record<number, string> = {
  400: 'Bad request.',
  401: 'Authentication credentials were not provided or are invalid.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  413: 'Request body is too large.',
  415: 'Unsupported media type.',
  429: 'Too many requests. Try again later.',
  500: 'Internal server error.',
};

/**
 * The mini-app's own not-found page, filled in by the static plugin once the app is built:
 * answers an unknown app path (undefined for anything else, which keeps the JSON 404).
 */
export interface NotFoundPage {
  serve?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;
}

export interface ErrorHandlerOptions {
  notFoundPage?: NotFoundPage;
}

/**
 * Every error leaves as `{detail}` (the DRF shape the backend and the webapp already speak),
 * never with a stack trace. Client errors keep Fastify's message (it names the problem, e.g.
 * the body limit); server errors are logged and answered with a generic text.
 */
export const errorHandler = fp<ErrorHandlerOptions>(
  async (app, options) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        return reply.code(status).send({ detail: error.detail });
      }
      if (status >= 500 && isDatabaseUnavailable(error)) {
        request.log.warn({ code: (error as FastifyError).code }, 'database unavailable; answering 503');
        reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
        return reply.code(503).send({ detail: 'The service is briefly unavailable. Try again shortly.' });
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'unhandled error');
        return reply.code(status).send({ detail: DEFAULT_DETAIL[500] });
      }
      request.log.info({ code: (error as FastifyError).code, status }, error.message);
      const validation = (error as FastifyError).validation ? DEFAULT_DETAIL[400] : undefined;
      return reply.code(status).send({ detail: validation ?? error.message ?? DEFAULT_DETAIL[status] });
    });
    app.setNotFoundHandler((request, reply) => {
      const page = options.notFoundPage?.serve?.(request, reply);
      if (page) return page;
      return reply.code(404).send({ detail: DEFAULT_DETAIL[404] });
    });
  },
  { name: 'gebere-error-handler' },
);

export function detailFor(status: number): string {
  return DEFAULT_DETAIL[status] ?? 'Error.';
}
