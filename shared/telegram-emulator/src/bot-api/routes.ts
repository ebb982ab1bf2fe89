import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Emulator } from '../emulator.js';
import { BotApiError, badRequest, notFound, unauthorized } from '../errors.js';
import { dispatch } from './dispatch.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function sendFailure(reply: FastifyReply, error: BotApiError) {
  return reply.code(error.code).type('application/json').send(error.toJSON());
}

/**
 * A multipart/form-data body as Telegram reads it, leniently (grammY writes `name:value` headers
 * and an unquoted filename, which undici's strict parser refuses): fields as strings, files as
 * `{file_name, mime_type, bytes}`.
 */
export function parseMultipart(body: Buffer, boundary: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // The part: CRLF, headers, CRLF CRLF, data, CRLF (before the next delimiter).
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = part.subarray(0, split).toString('utf8');
      const data = part.subarray(split + 4);
      const name = /name="?([^";\r\n]+)"?/i.exec(headers.replace(/filename=[^;\r\n]*/i, ''))?.[1];
      const filename = /filename="?([^";\r\n]*)"?/i.exec(headers)?.[1];
      const type = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1] ?? '';
      if (name)
        fields[name] =
          filename === undefined
            ? data.toString('utf8')
            : { file_name: filename, mime_type: type.trim(), bytes: new Uint8Array(data) };
    }
    at = next;
  }
  return fields;
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

  // Uploads (sendDocument with a file): fields as strings, files as {file_name, mime_type, bytes}.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 50 * 1024 * 1024 },
    (req: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void) => {
      const boundary = /boundary="?([^";]+)"?/i.exec(String(req.headers['content-type']))?.[1];
      if (!boundary) return done(badRequest('multipart body without a boundary'));
      done(null, parseMultipart(body, boundary));
    },
  );

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
