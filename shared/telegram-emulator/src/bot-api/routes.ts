import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Emulator } from '../emulator.js';
import { BotApiError, badRequest, notFound, unauthorized } from '../errors.js';
import { dispatch } from './dispatch.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function sendFailure(reply: FastifyReply, error: BotApiError) {
  return reply.code(error.code).type('application/json').send(error.toJSON());
}

/**
 * `/bot<token>/<method>` as Telegram serves it: GET or POST, parameters from the query string, a
 * form or a JSON body, every answer `{ok, result}` or `{ok:false, error_code, description}` with
 * the HTTP status equal to error_code. Registered in its own scope so its lenient body parsers
 * don't touch the host server.
 */
export async function botApiRoutes(app: FastifyInstance, emu: Emulator): Promise<void> {
  // Telegram accepts an empty body with a JSON content type (some clients send one for getMe).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest("can't parse JSON object"), undefined);
    }
  });
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.removeContentTypeParser('application/x-www-form-urlencoded');
  }
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof BotApiError) return sendFailure(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 415)
      return sendFailure(
        reply,
        badRequest('unsupported request content type (the emulator takes JSON, forms and query strings)'),
      );
    if (status >= 400 && status < 500) return sendFailure(reply, badRequest((error as Error).message));
    emu.options.logger.warn({ error: String(error) }, 'emulator Bot API handler failed');
    return sendFailure(reply, new BotApiError(500, 'Internal Server Error'));
  });

  app.route<{ Params: { token: string; method: string } }>({
    method: ['GET', 'POST'],
    url: '/bot:token/:method',
    handler: async (req, reply) => {
      const { token, method } = req.params;
      // A path that can't be a token is Telegram's 404; a well-formed wrong one is 401.
      if (!/^\d+:[\w-]+$/.test(token)) return sendFailure(reply, notFound());
      if (token !== emu.token) return sendFailure(reply, unauthorized());
      const params = { ...(isRecord(req.query) ? req.query : {}), ...(isRecord(req.body) ? req.body : {}) };
      // A client that gives up on a long poll frees the slot at once, as on Telegram.
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      try {
        const { result, description } = await dispatch(emu, method, params, controller.signal);
        return reply
          .code(200)
          .type('application/json')
          .send({ ok: true, result, ...(description ? { description } : {}) });
      } catch (error) {
        if (error instanceof BotApiError) return sendFailure(reply, error);
        throw error;
      }
    },
  });
}
