import { randomUUID } from 'node:crypto';
import {
  type HandBackRequest,
  type HandBackResponse,
  handBackRequest,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_REPLAYED_HEADER,
} from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Api, GrammyError } from 'grammy';
import { HttpError } from '../../../backend/serving/http-error';
import { idempotencyKeyOf, requestHash } from '../../../backend/serving/idempotency';
import { namedLanguage } from '../../../backend/serving/messages';
import { type LimitStore, memoryLimits } from '../../../backend/serving/rate-limits';
import { tooMany } from '../../../backend/serving/request-limits';
import type { HandBackOutcome } from '../../../metrics';
import { renderSummary, summaryTitle } from '../../../telegram/summaries';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../json-depth';
import { type Claim, type DeliveredKeys, memoryDeliveredKeys } from './delivered-keys';
import { type ReportExportOptions, registerReportExport } from './report-export';
import type { HandBackSender, SenderResult } from './sender';

export interface TgOptions {
  api: Pick<Api, 'sendMessage' | 'answerWebAppQuery' | 'sendDocument'>;
  readSender: (authorization: string | undefined) => SenderResult;
  /** The language the user chose in the bot (/language), when the bot knows it. */
  languageOf?: (telegramUserId: number) => Promise<Language | undefined>;
  /** Hand-backs per user (`/tg/result`); 20 a minute. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Where the limits are counted (shared by every copy on PostgreSQL); this process's memory when not given. */
  limits?: LimitStore;
  /** Hand-backs already delivered, by Idempotency-Key; this process's memory when not given. */
  deliveredKeys?: DeliveredKeys;
  /**
   * The keyboard a summary sent to the chat carries: the DA's fresh main menu, replacing the
   * one-off "Open form" keyboard the form was opened from (undefined: the keyboard stays).
   */
  menuFor?: (
    who: { telegramUserId: number; chatId: number },
    language: Language,
  ) => Promise<object | undefined>;
  /** POST /tg/report-export: a report's rows as a CSV document in the caller's chat. */
  reports?: ReportExportOptions;
  /** Hears how each hand-back ended (metrics). */
  onOutcome?: (outcome: HandBackOutcome) => void;
}

/** Report files (`/tg/report-export`) one user may have sent to their chat per minute. */
export const REPORT_EXPORTS_PER_MINUTE = 6;

/** A typed result is a few hundred bytes; Telegram's own sendData limit is 4096. */
export const HAND_BACK_BODY_LIMIT = 8 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    sender?: HandBackSender;
  }
}

/**
 * /tg/*: a screen asks the server to tell the chat what it did (docs/architecture.md "Handing results back
 * to Telegram"). The webapp holds no token; the server checks the proof, accepts only a typed
 * result, words it itself, and sends it only to the proven user's own chat.
 */
export const tgPlugin: FastifyPluginAsync<TgOptions> = async (app, options) => {
  const results = options.rateLimit ?? { max: 20, timeWindowMs: 60_000 };
  const keys = options.deliveredKeys ?? memoryDeliveredKeys();
  // This context's own JSON parser: too deep a body is a 400 before anything parses or walks it.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (jsonTooDeep(text))
      return done(new HttpError(400, `JSON nested deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The body is not valid JSON.'), undefined);
    }
  });
  // How each hand-back ended, whichever hook or handler answered it (proof, rate limit, body).
  const outcomes = new WeakMap<FastifyRequest, HandBackOutcome>();
  if (options.onOutcome) {
    const hear = options.onOutcome;
    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url !== '/tg/result') return;
      const status = reply.statusCode;
      hear(
        outcomes.get(request) ??
          (status === 502
            ? 'refused'
            : status === 503
              ? 'unreachable'
              : status < 300
                ? 'replayed'
                : 'rejected'),
      );
    });
  }
  const limits = options.limits ?? memoryLimits();
  /**
   * After authenticate, before the body is read: the proven user's budget of `name`; the 429 in
   * the language the client names, else the launch's (the mini-app sends no Accept-Language).
   */
  const limit =
    (
      name: string,
      rule: { limit: number; windowMs: number },
      refusal: 'rate_limited_results' | 'rate_limited_exports',
    ) =>
    async (request: FastifyRequest) => {
      const sender = request.sender as HandBackSender;
      const verdict = await limits.take(`${name}:tg:${sender.telegramUserId}`, rule);
      if (verdict.ok) return;
      const asked = namedLanguage(request.headers['accept-language']);
      throw await tooMany(verdict.retryAfterMs, refusal, asked ?? sender.language);
    };

  const authenticate = async (request: FastifyRequest) => {
    const result = options.readSender(request.headers.authorization);
    if (!result.ok) {
      throw new HttpError(
        401,
        result.reason === 'missing' ? 'Authentication credentials were not provided.' : 'Invalid proof.',
        { 'www-authenticate': 'tma, link' },
      );
    }
    request.sender = result.sender;
  };

  if (options.reports)
    registerReportExport(app, options.api, options.reports, {
      authenticate,
      limit: limit('exports', { limit: REPORT_EXPORTS_PER_MINUTE, windowMs: 60_000 }, 'rate_limited_exports'),
      languageOf: async (sender, request) =>
        (await chosenLanguage(options, sender, request)) ?? sender.language,
    });

  app.post<{ Body: unknown }>(
    '/tg/result',
    {
      bodyLimit: HAND_BACK_BODY_LIMIT,
      onRequest: [
        authenticate,
        limit('results', { limit: results.max, windowMs: results.timeWindowMs }, 'rate_limited_results'),
      ],
    },
    async (request, reply) => {
      const sender = request.sender as HandBackSender;
      const key = readKey(request);
      const parsed = handBackRequest.safeParse(request.body);
      if (!parsed.success)
        throw new HttpError(400, 'The body must be {"result": <a typed hand-back result>}.');
      if (sender.chatId !== sender.telegramUserId) {
        throw new HttpError(403, 'Results can only be sent to your own chat.');
      }
      const language = (await chosenLanguage(options, sender, request)) ?? sender.language;
      const send = async () => {
        const answer = await deliver(options.api, sender, parsed.data, language, request, options.menuFor);
        outcomes.set(request, answer.delivered);
        return answer;
      };
      if (!key) return send();
      return once(
        keys,
        `tg:${sender.telegramUserId}`,
        key,
        requestHash('POST', '/tg/result', parsed.data),
        send,
        reply,
      );
    },
  );
};

/**
 * The language the user chose in the bot, which wins over the launch's (Telegram's own
 * `language_code`, or a link made before the choice); unknown when the bot cannot say.
 */
async function chosenLanguage(
  options: TgOptions,
  sender: HandBackSender,
  request: FastifyRequest,
): Promise<Language | undefined> {
  try {
    return await options.languageOf?.(sender.telegramUserId);
  } catch (err) {
    // The summary matters more than its language: word it in the launch's.
    request.log.warn({ err }, 'no stored language for the hand-back summary');
    return undefined;
  }
}

function readKey(request: FastifyRequest): string | undefined {
  const key = idempotencyKeyOf(request);
  if (key === null)
    throw new HttpError(400, `${IDEMPOTENCY_HEADER} must be 1 to 100 printable ASCII characters.`);
  return key;
}

/**
 * Delivers a keyed hand-back at most once: a repeat of a delivered one gets the first answer
 * again (Idempotent-Replayed), one still being sent gets 409, and a delivery Telegram refused
 * frees the key so the next press tries again.
 */
async function once(
  keys: DeliveredKeys,
  actor: string,
  key: string,
  hash: string,
  send: () => Promise<HandBackResponse>,
  reply: FastifyReply,
): Promise<HandBackResponse> {
  let claim: Claim;
  try {
    claim = await keys.claim(actor, key, hash);
  } catch (err) {
    // The store is unreachable: a summary that may repeat beats one that is never sent.
    reply.log.warn({ err }, 'hand-back keys unavailable; sending without one');
    return send();
  }
  if (claim.state === 'replay') {
    reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
    return claim.answer;
  }
  if (claim.state === 'busy') throw new HttpError(409, 'This result is still being sent. Try again shortly.');
  if (claim.state === 'reused')
    throw new HttpError(422, `This ${IDEMPOTENCY_HEADER} was already used for a different result.`);
  let answer: HandBackResponse;
  try {
    answer = await send();
  } catch (err) {
    await keys.release(actor, key, claim.token).catch(() => undefined);
    throw err;
  }
  try {
    await keys.settle(actor, key, claim.token, answer);
  } catch (err) {
    // Delivered all the same: answer so the screen closes; the key frees itself when stale.
    reply.log.warn({ err }, 'could not remember a delivered hand-back key');
  }
  return answer;
}

/**
 * Results said in the bot's own voice, never as the launch's answer: `records_synced` sums up
 * records the outbox sent late (webapp lib/outbox/README.md "The chat's summary"), often while
 * the DA works on another screen of a menu launch. As that launch's answerWebAppQuery it would
 * show in the chat as a message from the DA; it is the bot's report (docs/architecture.md "Handing results
 * back", channel 3).
 */
const BOT_VOICE: ReadonlySet<HandBackRequest['result']['kind']> = new Set(['records_synced']);

async function deliver(
  api: TgOptions['api'],
  sender: HandBackSender,
  body: HandBackRequest,
  language: Language,
  request: FastifyRequest,
  menuFor: TgOptions['menuFor'],
): Promise<HandBackResponse> {
  const html = renderSummary(body.result, language);
  try {
    if (sender.queryId && !BOT_VOICE.has(body.result.kind)) {
      try {
        await api.answerWebAppQuery(sender.queryId, {
          type: 'article',
          id: randomUUID(),
          title: summaryTitle(html),
          input_message_content: { message_text: html, parse_mode: 'HTML' },
        });
        request.log.info({ kind: body.result.kind, via: 'answer_web_app_query' }, 'result handed back');
        return { delivered: 'answer_web_app_query' as const };
      } catch (err) {
        // An expired or used query_id: the user's own chat still gets the summary.
        if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
        request.log.info({ description: err.description }, 'answerWebAppQuery refused; sending to chat');
      }
    }
    const menu = await menuFor?.(
      { telegramUserId: sender.telegramUserId, chatId: sender.chatId },
      language,
    ).catch((err: unknown) => {
      // The summary matters more than the keyboard: send it without one.
      request.log.warn({ err }, 'no menu for the hand-back summary');
      return undefined;
    });
    await api.sendMessage(sender.chatId, html, {
      parse_mode: 'HTML',
      ...(menu ? { reply_markup: menu as never } : {}),
    });
    request.log.info({ kind: body.result.kind, via: 'chat_message' }, 'result handed back');
    return { delivered: 'chat_message' as const };
  } catch (err) {
    if (err instanceof GrammyError) {
      request.log.warn({ code: err.error_code, description: err.description }, 'Telegram refused the result');
      throw new HttpError(502, 'Telegram did not accept the message.');
    }
    request.log.error({ err }, 'Bot API unreachable');
    throw new HttpError(503, 'Telegram is not reachable right now. Try again.', { 'retry-after': '5' });
  }
}
