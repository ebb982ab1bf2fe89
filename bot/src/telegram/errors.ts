import { translate } from '@gebere/i18n';
import type { BotError, Context, MiddlewareFn } from 'grammy';
import type { Logger } from '../log';
import { BackendError } from './backend-client';
import { languageOf } from './context';

/**
 * The error boundary's handler: the user gets a short message in their language (the service is
 * down, or something went wrong), the log gets the details; nothing escapes to grammY.
 */
export function onBotError(logger: Logger) {
  return async (err: BotError<Context>): Promise<void> => {
    const { ctx, error } = err;
    const lang = languageOf(ctx);
    const where = { updateId: ctx.update.update_id, chatId: ctx.chat?.id };
    let text: string;
    if (error instanceof BackendError) {
      logger.warn(
        { ...where, route: error.route, status: error.error.status, kind: error.error.kind },
        'backend call failed',
      );
      text = translate(lang, error.unavailable ? 'bot.backend_down' : 'bot.error_generic');
    } else {
      logger.error({ ...where, err: error }, 'bot handler failed');
      text = translate(lang, 'bot.error_generic');
    }
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
