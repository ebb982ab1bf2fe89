import { type DaEnrolment, localName } from '@gebere/contract';
import { type Language, translate } from '@gebere/i18n';
import { prefillPhone } from '@gebere/phone';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { escapeHtml } from './summaries';

/**
 * A DA's registration request as the bot puts it before a supervisor (docs/authorization.md,
 * "Verification status"): sent by the notification engine (notifications/enrolment-messages.ts),
 * redrawn with its outcome by the Approve / Reject flow (flows/enrolment.ts).
 */

/** Callback data of the buttons: the request's id only; the backend decides who may use them. */
export const enrolmentCallback = (decision: 'approved' | 'rejected', id: number) =>
  `enrol:${decision === 'approved' ? 'a' : 'r'}:${id}`;

/** `Kebele, Woreda, Zone, Region` in the reader's language. */
export const areaLine = (lang: Language, e: DaEnrolment) =>
  [e.area.kebele, e.area.woreda, e.area.zone, e.area.region].map((n) => localName(n, lang)).join(', ');

/** The request as a supervisor reads it, with its two buttons. */
export function askMessage(
  lang: Language,
  e: DaEnrolment,
): { text: string; reply_markup: InlineKeyboardMarkup } {
  const da = e.da;
  const text = translate(lang, 'bot.enrolment.ask', {
    name: escapeHtml([da.first_name, da.father_name, da.grand_father_name].join(' ')),
    phone: escapeHtml(prefillPhone(da.phone_number) ?? da.phone_number),
    area: escapeHtml(areaLine(lang, e)),
    role: escapeHtml(
      da.role ? localName({ name: da.role, name_am: da.role_am, name_om: da.role_om }, lang) : '—',
    ),
  });
  return {
    text,
    reply_markup: {
      inline_keyboard: [
        [
          {
            text: translate(lang, 'bot.enrolment.approve'),
            callback_data: enrolmentCallback('approved', e.id),
          },
          {
            text: translate(lang, 'bot.enrolment.reject'),
            callback_data: enrolmentCallback('rejected', e.id),
          },
        ],
      ],
    },
  };
}
