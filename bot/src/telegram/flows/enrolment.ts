import { type DaEnrolment, reportDayOf } from '@gebere/contract';
import { dayIn } from '@gebere/i18n';
import { Composer } from 'grammy';
import { BackendError } from '../backend-client';
import type { BotContext } from '../context';
import { askMessage } from '../enrolment';
import { CALLBACK } from '../keyboards';
import { escapeHtml } from '../summaries';
import type { Services } from '../user-state';

/**
 * A supervisor's Approve / Reject under a DA's registration request (the notification engine
 * sends it: notifications/enrolment-messages.ts). The callback names only the request; the
 * backend decides with the Telegram id of whoever tapped (Telegram authenticates it), checking
 * at that moment that their supervisor grant covers the kebele, so forged callback data decides
 * nothing. A request already decided says by whom; the message then shows the outcome instead of
 * its buttons. The DA hears of it from the engine, in the decision's own transaction's queue.
 */
export function enrolmentFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();
  flow.callbackQuery(CALLBACK.enrolment, async (ctx) => {
    const decision = ctx.match[1] === 'a' ? 'approved' : 'rejected';
    const id = Number(ctx.match[2]);
    let decided: Awaited<ReturnType<typeof decide>>;
    try {
      decided = await decide(s, id, decision, ctx.from.id);
    } catch (error) {
      if (!(error instanceof BackendError) || (error.error.status !== 403 && error.error.status !== 404))
        throw error;
      const gone = error.error.status === 404;
      await ctx.answerCallbackQuery({
        text: ctx.t(gone ? 'bot.enrolment.gone' : 'bot.enrolment.not_allowed'),
        show_alert: true,
      });
      if (gone) await ctx.editMessageReplyMarkup().catch(() => undefined);
      return;
    }
    const e = decided.enrolment;
    const text =
      decided.outcome === 'decided'
        ? ctx.t(e.status === 'approved' ? 'bot.enrolment.you_approved' : 'bot.enrolment.you_rejected')
        : alreadyText(ctx, e);
    await ctx.answerCallbackQuery({ text });
    // The request as it stands, without buttons (the outcome under it), for this supervisor.
    await ctx.editMessageText(`${askMessage(ctx.lang, e).text}\n\n${escapeHtml(text)}`, {
      parse_mode: 'HTML',
    });
  });
  return flow;
}

const decide = (s: Services, id: number, decision: 'approved' | 'rejected', telegramId: number) =>
  s.backend.call('decideDaEnrolment', { params: { id }, body: { decision, telegram_id: telegramId } });

/**
 * "Already approved by Hana on 2026-05-01." (an operator, or the organisation, by role): the
 * day in Addis Ababa, in the reader's calendar (Ethiopian in Amharic and Afaan Oromo).
 */
function alreadyText(ctx: BotContext, e: DaEnrolment): string {
  const by = e.decided_by;
  const who = by?.kind === 'supervisor' && by.name ? by.name : ctx.t('bot.enrolment.an_operator');
  const at = new Date(e.decided_at ?? '');
  const date = Number.isNaN(at.getTime()) ? '' : dayIn(ctx.lang, reportDayOf(at));
  return ctx.t(
    e.status === 'approved' ? 'bot.enrolment.already_approved' : 'bot.enrolment.already_rejected',
    {
      who,
      date,
    },
  );
}
