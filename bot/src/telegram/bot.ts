import { resolveLanguage, translate } from '@gebere/i18n';
import { Composer, type Context } from 'grammy';
import type { Config } from '../config';
import type { Logger } from '../log';

export interface BotDeps {
  logger: Logger;
  /** Links (`config.links`, `config.publicUrl`), the backend (`config.backend.internalUrl`, service token). */
  config: Config;
  /** Keep-alive, time-bounded fetch for the backend client (see outbound.ts). */
  fetch: typeof fetch;
}

/**
 * The bot's flows. A placeholder until the flows of issue 6 land: it answers /start with the
 * localised greeting, which is enough to prove the runtime end to end (polling, webhook,
 * emulator). The runtime only depends on this returning middleware.
 */
export function createBot(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  composer.command('start', async (ctx) => {
    const lang = resolveLanguage(ctx.from?.language_code);
    deps.logger.debug({ chatId: ctx.chat.id, lang }, '/start');
    await ctx.reply(translate(lang, 'bot.welcome_new'));
  });
  return composer;
}
