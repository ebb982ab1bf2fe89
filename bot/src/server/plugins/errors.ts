import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createErrorHandler } from '../../backend/serving/error-handler';

/**
 * The mini-app's own not-found page, filled in by the static plugin once the app is built:
 * answers an unknown app path (undefined for anything else, which keeps the JSON 404).
 */
export interface NotFoundPage {
  serve?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;
}

export interface ErrorsOptions {
  notFoundPage?: NotFoundPage;
}

/**
 * The server's answers to failures: the one error handler in the server's own words (the
 * backend sets the same handler in its words inside its prefix), and a `{detail}` 404 for an
 * unknown path that is not an app page.
 */
export const errors = fp<ErrorsOptions>(
  async (app, options) => {
    app.setErrorHandler(createErrorHandler('server'));
    app.setNotFoundHandler((request, reply) => {
      const page = options.notFoundPage?.serve?.(request, reply);
      if (page) return page;
      return reply.code(404).send({ detail: 'Not found.' });
    });
  },
  { name: 'gebere-errors' },
);
