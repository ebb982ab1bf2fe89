import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { isDa, menuKeyboard } from '../home';
import { type Services, sessionState } from '../user-state';

/**
 * Last in line: a message no flow took (free text, an unknown command, a sticker) gets "I did not
 * understand" and the help, with the menu again so its buttons are at hand. Callback queries
 * nobody handled are answered by the guard in bot.ts.
 */
export function fallbackFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();
  flow.chatType('private').on('message', async (ctx) => {
    // A mini-app's answer (answerWebAppQuery) comes back as the user's message "via" this bot: it
    // is the bot's own summary, not something the user said.
    if (ctx.msg.via_bot?.id === ctx.me.id) return;
    // From the session only: the help must come even while the backend is down.
    const state = sessionState(ctx);
    await ctx.reply(`${ctx.t('bot.unknown_message')}\n\n${ctx.t('bot.help')}`, {
      ...(state && isDa(state) ? { reply_markup: menuKeyboard(ctx, s, state) } : {}),
    });
  });
  return flow;
}
