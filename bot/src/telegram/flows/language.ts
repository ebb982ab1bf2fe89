import { type Language, translate } from '@gebere/i18n';
import { Composer } from 'grammy';
import { setChatCommands } from '../commands';
import type { BotContext } from '../context';
import { isDa, menuKeyboard } from '../home';
import { CALLBACK, labelsOf, languageKeyboard } from '../keyboards';
import { type Services, sessionState } from '../user-state';

/**
 * /language and the Language button: an inline picker of the bundled languages (en, am, om). The choice is kept in the session
 * at once (it works while the backend is down) and saved on the bot user.
 */
export function languageFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();

  const choose = async (ctx: BotContext) => {
    await ctx.reply(ctx.t('bot.language.choose'), { reply_markup: languageKeyboard() });
  };
  flow.command('language', choose);
  flow.hears(labelsOf('bot.menu.language'), choose);

  flow.callbackQuery(CALLBACK.language, async (ctx) => {
    const lang = ctx.match[1] as Language;
    ctx.session.lang = lang;
    const done = translate(lang, 'bot.language.set');
    await ctx.answerCallbackQuery({ text: done });
    await ctx.editMessageText(done);
    if (ctx.chat) {
      await setChatCommands(ctx.api, ctx.chat.id, lang).catch((err: unknown) => {
        // The chat works without it: the commands stay in Telegram's language.
        s.logger.warn({ err }, 'could not set the chat’s commands');
      });
    }
    const { botUserId } = ctx.session;
    if (botUserId !== undefined) {
      try {
        await s.backend.patchBotUser(botUserId, { language: lang });
      } catch (error) {
        // The session keeps the choice; the bot user catches up at the next change or /start.
        s.logger.warn({ err: error, botUserId }, 'could not save the language on the bot user');
      }
    }
    // The menu's labels and links (lang=…) follow the new language.
    const state = sessionState(ctx);
    if (state && isDa(state)) {
      await ctx.reply(ctx.t('bot.menu_prompt'), { reply_markup: menuKeyboard(ctx, s, state) });
    }
  });

  return flow;
}
