import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticationError } from '../../auth/actor';
import { DB_RETRY_AFTER_SECONDS, httpErrorFromDb, isDatabaseUnavailable } from './db-errors';
import { HttpError } from './http-error';
import { message, pickLanguage } from './messages';

const detail = (
  key: Parameters<typeof message>[1],
  request: FastifyRequest,
  vars?: Record<string, string>,
) => ({
  detail: message(pickLanguage(request.headers['accept-language']), key, vars),
});

/**
 * The backend's one error handler. Every failure becomes a DRF-shaped body; a 5xx only for a
 * fault of ours, logged with its stack, answered without one.
 */
export function backendErrorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const lang = pickLanguage(request.headers['accept-language']);
  if (error instanceof HttpError) return reply.code(error.statusCode).send(error.render(lang));
  if (error instanceof AuthenticationError)
    return reply
      .code(401)
      .header('www-authenticate', 'tma')
      .send(detail(error.reason === 'not_provided' ? 'not_authenticated' : 'invalid_proof', request));

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
      return reply.code(413).send(detail('too_large', request));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply
        .code(415)
        .send(detail('unsupported_media', request, { type: String(request.headers['content-type'] ?? '') }));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(400).send(detail('json_parse', request, { error: 'empty body' }));
  }
  if (error instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return reply.code(400).send(detail('json_parse', request, { error: error.message }));

  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    // Fastify's own client errors (bad content-length, …): their message is safe and short.
    return reply.code(status).send({ detail: error.message });

  if (isDatabaseUnavailable(error)) {
    request.log.warn(
      { code: (error as { code?: string }).code, error: error.message },
      'database unavailable; answering 503',
    );
    const seconds = String(DB_RETRY_AFTER_SECONDS);
    return reply
      .code(503)
      .header('retry-after', seconds)
      .send(detail('unavailable', request, { seconds }));
  }

  request.log.error({ err: error }, 'backend request failed');
  return reply.code(500).send(detail('server_error', request));
}
