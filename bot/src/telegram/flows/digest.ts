import { Composer, InlineKeyboard } from 'grammy';
import { BackendError } from '../backend-client';
import type { BotContext } from '../context';
import { showHome } from '../home';
import { CALLBACK } from '../keyboards';
import { refresh, type Services } from '../user-state';

/** The digest's buttons (callback `digest:on` / `digest:off`), below `keyboard` when given. */
export function digestButtons(
  ctx: BotContext,
  which: ReadonlyArray<'on' | 'off'>,
  keyboard = new InlineKeyboard(),
): InlineKeyboard {
  for (const on of which)
    keyboard
      .row()
      .text(ctx.t(on === 'on' ? 'bot.digest.subscribe' : 'bot.digest.unsubscribe'), `digest:${on}`);
  return keyboard;
}

/**
 * The weekly report digest from the chat: /digest says whether the user gets it and offers the
 * button that changes it; the same buttons sit under the /reports answer. Who may subscribe is
 * the backend's (the report's own scope rule); a refusal is told as the reports screen tells it.
 */
export function digestFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();
  flow.command('digest', async (ctx) => {
    const state = await refresh(ctx, s);
    if (state.rejected) return showHome(ctx, s, state);
    const status = await s.backend.getReportDigest(ctx.from?.id ?? 0);
    // Subscribed without a scope any more (a grant revoked): the Monday send cancels itself, and
    // the user may still unsubscribe.
    if (!status.subscribed && !status.report_scope) return ctx.reply(ctx.t('server.no_report_scope'));
    await ctx.reply(ctx.t(status.subscribed ? 'bot.digest.status_on' : 'bot.digest.status_off'), {
      reply_markup: digestButtons(ctx, [status.subscribed ? 'off' : 'on']),
    });
  });
  flow.callbackQuery(CALLBACK.digest, async (ctx) => {
    const on = ctx.match[1] === 'on';
    let text: string;
    try {
      await s.backend.setReportDigest(ctx.from.id, on);
      text = ctx.t(on ? 'bot.digest.subscribed' : 'bot.digest.unsubscribed');
    } catch (error) {
      if (!(error instanceof BackendError) || error.error.status !== 403) throw error;
      text = ctx.t('server.no_report_scope');
    }
    await ctx.answerCallbackQuery();
    await ctx.reply(text);
  });
  return flow;
}
