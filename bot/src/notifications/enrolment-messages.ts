import { localName } from '@gebere/contract';
import { createTranslator, defaultLanguage, isLanguage, type Language, translate } from '@gebere/i18n';
import { loadEnrolment, waitingFor } from '../backend/routes/enrolment';
import { loadActor } from '../backend/serving/actor-source';
import { grantCovers } from '../backend/serving/authorize';
import { askMessage } from '../telegram/enrolment';
import { mainMenuKeyboard } from '../telegram/keyboards';
import { type MakeLink, screenLinks } from '../telegram/links';
import { escapeHtml } from '../telegram/summaries';
import { drainOneOff, type OneOffCounts, type OneOffDeps, type OneOffQueue, type OneOffRow } from './one-off';
import type { ReplyMarkup } from './types';

/**
 * The bot's messages about DA registration requests (docs/authorization.md, "Verification
 * status"; migration 15's `da_enrolment_messages`, queued by the backend in the transaction of the
 * registration or the decision): 'ask' puts a request before a supervisor with Approve / Reject
 * buttons; 'pending' tells the DA who will decide, 'approved' gives them their menu, 'rejected'
 * tells them so. Each is worded when it is
 * sent, in its recipient's language, and only while it is still true: a request decided meanwhile
 * is not put to a supervisor, nor to one whose grant no longer covers the kebele.
 */

interface Recipient {
  id: number;
  phone_number: string | null;
  verification_status: string;
  da_id: number | null;
  kebele_id: number | null;
  first_name: string | null;
  report_user: boolean;
  manager: boolean;
}

function enrolmentQueue(d: OneOffDeps, link: MakeLink): OneOffQueue {
  const { db, api } = d;
  return {
    table: 'da_enrolment_messages',
    columns: 'g.enrolment_id, g.kind',
    name: 'enrolmentMessage',
    async prepare(row: OneOffRow) {
      const lang: Language = isLanguage(row.language) ? row.language : defaultLanguage;
      const chatId = Number(row.chat_id);
      const e = await loadEnrolment(db, Number(row.enrolment_id));
      const send = (text: string, reply_markup: ReplyMarkup | undefined) => ({
        send: () =>
          api.sendMessage(chatId, text, { parse_mode: 'HTML', ...(reply_markup ? { reply_markup } : {}) }),
      });
      if (row.kind === 'ask') {
        if (e.status !== 'pending') return { cancel: 'cancelled: decided' };
        const actor = await loadActor(db, Number(row.telegram_id));
        const place = {
          kebele: e.area.kebele.id,
          woreda: e.area.woreda.id,
          zone: e.area.zone.id,
          region: e.area.region.id,
        };
        const grants = (actor.kind === 'user' ? actor.botUser?.grants : undefined) ?? [];
        if (!grants.some((g) => g.role === 'supervisor' && grantCovers(g, place)))
          return { cancel: 'cancelled: no longer a supervisor of the kebele' };
        const m = askMessage(lang, e);
        return send(m.text, m.reply_markup);
      }
      const r = await db.query<Recipient>(
        `select b.id, b.phone_number, b.verification_status, d.id as da_id, d.kebele_id, d.first_name,
           exists (select 1 from report_users u where u.created_by = b.telegram_id) as report_user,
           exists (select 1 from role_grants g where g.phone_number = b.phone_number
                   and g.role = 'notification_manager') as manager
         from bot_users b left join da_profiles d on d.id = b.da_profile_id where b.id = $1`,
        [row.bot_user_id],
      );
      const who = r.rows[0];
      if (row.kind === 'pending') {
        if (e.status !== 'pending' || who?.verification_status !== 'PENDING')
          return { cancel: 'cancelled: no longer pending' };
        const by = await waitingFor(db, e.id);
        return send(escapeHtml(translate(lang, `bot.enrolment.pending_${by}`)), undefined);
      }
      if (row.kind === 'rejected') {
        if (who?.verification_status !== 'REJECTED') return { cancel: 'cancelled: no longer rejected' };
        return send(escapeHtml(translate(lang, 'bot.rejected')), { remove_keyboard: true });
      }
      // Approved: the DA's menu, if they are still a DA of that kebele (not moved, not rejected since).
      if (who?.verification_status !== 'VERIFIED' || who.da_id === null || who.kebele_id !== e.area.kebele.id)
        return { cancel: 'cancelled: no longer verified there' };
      const links = screenLinks(link, { telegramUserId: Number(row.telegram_id), chatId, lang });
      const keyboard = mainMenuKeyboard(createTranslator(lang), links, {
        botUserId: who.id,
        phone: who.phone_number,
        da: { id: who.da_id, kebele: who.kebele_id, name: who.first_name ?? '' },
        reportUser: who.report_user,
        manager: who.manager,
      });
      const text = translate(lang, 'bot.enrolment.approved', {
        kebele: escapeHtml(localName(e.area.kebele, lang)),
      });
      return send(text, keyboard);
    },
  };
}

/** Sends every claimable enrolment message, one at a time at its slot (one-off.ts). */
export function drainEnrolmentMessages(
  d: OneOffDeps,
  link: MakeLink,
  c: OneOffCounts,
  signal?: AbortSignal,
): Promise<void> {
  return drainOneOff(d, enrolmentQueue(d, link), c, signal);
}
