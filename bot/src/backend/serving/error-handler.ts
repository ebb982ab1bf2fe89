import { LATE_SYNC_REFUSED_HEADER } from '@gebere/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticationError } from '../../auth/actor';
import { DB_RETRY_AFTER_SECONDS, httpErrorFromDb, isDatabaseUnavailable } from './db-errors';
import { HttpError } from './http-error';
import { message, pickLanguage } from './messages';

/**
 * Whose words an answer uses: the backend's (DRF wording in the request's language, for every
 * failure it can name) or the server's own few fixed English ones (its `/tg` and page routes,
 * where Fastify's message names a client's problem well enough).
 */
export type ErrorTexts = 'backend' | 'server';

const SERVER_DETAIL = {
  400: 'Bad request.',
  500: 'Internal server error.',
  503: 'The service is briefly unavailable. Try again shortly.',
} as const;

type Language = ReturnType<typeof pickLanguage>;

const detail = (lang: Language, key: Parameters<typeof message>[1], vars?: Record<string, string>) => ({
  detail: message(lang, key, vars),
});

/** What only the backend names in its own words; undefined when the error is none of these. */
function backendAnswer(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
  lang: Language,
) {
  if (error instanceof AuthenticationError) {
    reply.code(401).header('www-authenticate', 'tma');
    const { late } = error;
    // A late record refused for good: its own header and words, so an outbox asks to re-enter it.
    if (late)
      return reply.header(LATE_SYNC_REFUSED_HEADER, late.refusal).send({
        detail: message(lang, late.refusal === 'expired' ? 'late_sync_expired' : 'late_sync_outside_proof', {
          days: late.graceDays,
        }),
      });
    return reply.send(detail(lang, error.reason === 'not_provided' ? 'not_authenticated' : 'invalid_proof'));
  }

  const fromDb = httpErrorFromDb(error);
  if (fromDb) {
    request.log.warn(
      { code: (error as { code?: string }).code },
      'request rejected by a database constraint',
    );
    return reply.code(400).send(fromDb.render(lang));
  }

  const code = (error as FastifyError).code;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.code(413).send(detail(lang, 'too_large'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply
        .code(415)
        .send(detail(lang, 'unsupported_media', { type: String(request.headers['content-type'] ?? '') }));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(400).send(detail(lang, 'json_parse', { error: 'empty body' }));
  }
  if (error instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return reply.code(400).send(detail(lang, 'json_parse', { error: error.message }));
  return undefined;
}

/**
 * The one error handler, of the server and of the backend it mounts. Every failure leaves as a
 * DRF-shaped body (`{detail}` or field messages), never with a stack trace: a client error keeps
 * its own text, a database that is briefly unreachable is a 503 with `Retry-After`, and anything
 * else is a 500, logged with its stack and answered with a generic text.
 */
export function createErrorHandler(texts: ErrorTexts) {
  const ours = texts === 'backend';
  return (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    if (error instanceof HttpError)
      return reply.code(error.statusCode).headers(error.headers).send(error.render(lang));
    if (ours) {
      const answered = backendAnswer(error, request, reply, lang);
      if (answered) return answered;
    }

    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors (bad content-length, body limit, …): their message is safe and short.
      if (!ours) request.log.info({ code: (error as FastifyError).code, status }, error.message);
      const invalid = !ours && (error as FastifyError).validation;
      return reply.code(status).send({ detail: invalid ? SERVER_DETAIL[400] : error.message });
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        { code: (error as { code?: string }).code, error: error.message },
        'database unavailable; answering 503',
      );
      const seconds = String(DB_RETRY_AFTER_SECONDS);
      return reply
        .code(503)
        .header('retry-after', seconds)
        .send(ours ? detail(lang, 'unavailable', { seconds }) : { detail: SERVER_DETAIL[503] });
    }

    request.log.error({ err: error }, 'request failed');
    const code = !ours && typeof status === 'number' && status >= 500 ? status : 500;
    return reply.code(code).send(ours ? detail(lang, 'server_error') : { detail: SERVER_DETAIL[500] });
  };
}
