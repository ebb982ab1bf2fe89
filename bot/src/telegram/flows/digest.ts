import { Composer } from 'grammy';
import { BackendError } from '../backend-client';
import type { BotContext } from '../context';
import { CALLBACK } from '../keyboards';
import type { Services } from '../user-state';

/**
 * The weekly report digest's buttons (under the /reports answer): subscribe or unsubscribe. Who
 * may subscribe is the backend's (the report's own scope rule); a refusal is told as the reports
 * screen tells it.
 */
export function digestFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();
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
