import { translate } from '@gebere/i18n';
import type { BotError, Context, MiddlewareFn } from 'grammy';
import { isDatabaseUnavailable } from '../backend/serving/db-errors';
import type { Logger } from '../log';
import { BackendError } from './backend-client';
import { languageOf } from './context';
import type { PendingContacts } from './pending-contacts';

/**
 * The error boundary's handler: the user gets a short message in their language (the service is
 * down, or something went wrong), the log gets the details; nothing escapes to grammY. A database
 * that does not answer (the sessions' store) is the service being down, as a backend's 503 is.
 * The user's own contact shared during an outage is kept and applied once the service is back
 * (pending-contacts.ts).
 */
export function onBotError(logger: Logger, pending?: PendingContacts) {
  return async (err: BotError<Context>): Promise<void> => {
    const { ctx, error } = err;
    const lang = languageOf(ctx);
    const where = { updateId: ctx.update.update_id, chatId: ctx.chat?.id };
    let down = false;
    if (error instanceof BackendError) {
      logger.warn(
        { ...where, route: error.route, status: error.error.status, kind: error.error.kind },
        'backend call failed',
      );
      down = error.unavailable;
    } else if (isDatabaseUnavailable(error)) {
      logger.warn({ ...where, err: error }, 'database unavailable');
      down = true;
    } else {
      logger.error({ ...where, err: error }, 'bot handler failed');
    }
    const contact = ctx.message?.contact;
    const kept = down && pending !== undefined && contact !== undefined && contact.user_id === ctx.from?.id;
    if (kept) {
      const again = pending.replaying(ctx.update);
      pending.keep(ctx.update, lang);
      // A replay that met the outage again: the user already knows.
      if (again) return;
    }
    const text = !down
      ? translate(lang, 'bot.error_generic')
      : kept
        ? `${translate(lang, 'bot.backend_down')}\n\n${translate(lang, 'bot.contact_kept')}`
        : translate(lang, 'bot.backend_down');
    if (!ctx.chat) return;
    try {
      await ctx.reply(text);
    } catch (sendError) {
      logger.warn({ ...where, err: sendError }, 'could not tell the user about an error');
    }
  };
}

/**
 * Every callback query gets an answer (Telegram shows a spinner on the button until then), even
 * when no handler took it or the handler failed.
 */
export function answerCallbacks(logger: Logger): MiddlewareFn<Context> {
  return async (ctx, next) => {
    if (!ctx.callbackQuery) return next();
    let answered = false;
    const answer = ctx.answerCallbackQuery.bind(ctx);
    ctx.answerCallbackQuery = (...args: Parameters<Context['answerCallbackQuery']>) => {
      answered = true;
      return answer(...args);
    };
    try {
      await next();
    } finally {
      if (!answered) {
        await answer().catch((error: unknown) => logger.debug({ err: error }, 'late callback answer failed'));
      }
    }
  };
}
