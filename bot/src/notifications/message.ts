import { clip } from '@gebere/contract';
import { defaultLanguage, isLanguage, type Language, translate } from '@gebere/i18n';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { advisoryHtml, feedbackButton } from '../telegram/advisory';
import { createLinkMaker, type LinkSubject, type MakeLink, screenLinks } from '../telegram/links';
import { escapeHtml } from '../telegram/summaries';
import type { DeliveryContext, LinkSettings } from './types';

/**
 * What a delivery says and which button it carries. The notification's name and message are
 * free text written by its creator in whatever language they chose, so they are sent as written;
 * everything the product adds (button labels, the advisory's heading and text) is in the
 * recipient's language. The advisory part and the signed links are the bot's own
 * (bot/src/telegram/advisory.ts, links.ts): a delivered advisory reads and links exactly like
 * one the bot sends.
 */

/**
 * Callback data of the reach and adoption buttons: the bot starts its group picker for them,
 * as its /reach and /adoption commands do (the picker needs a conversation, not a link).
 */
export const DELIVERY_CALLBACKS = { reach: 'menu:reach', adoption: 'menu:adoption' } as const;

/** Telegram's limit is 4096 characters after entity parsing; leave room for the markup's escapes. */
const MESSAGE_BUDGET = 3900;
const NAME_MAX = 200;
const NOTE_MAX = 1500;

export interface RenderedMessage {
  text: string;
  parse_mode: 'HTML';
  reply_markup?: InlineKeyboardMarkup;
}

/** The bot's link maker on the engine's clock (tests move it), so links expire as the bot's do. */
export function makeLinker(settings: LinkSettings, nowMs: () => number): MakeLink {
  return createLinkMaker({
    publicUrl: settings.publicUrl,
    linkSecret: settings.secret,
    ttlSeconds: settings.ttlSeconds,
    now: () => Math.floor(nowMs() / 1000),
  });
}

export type Linker = MakeLink;

function button(d: DeliveryContext, who: LinkSubject, link: Linker): InlineKeyboardButton | undefined {
  switch (d.contentType) {
    case 'reach':
      return {
        text: translate(who.lang, 'bot.delivery.record_reach'),
        callback_data: DELIVERY_CALLBACKS.reach,
      };
    case 'adoption':
      return {
        text: translate(who.lang, 'bot.delivery.record_adoption'),
        callback_data: DELIVERY_CALLBACKS.adoption,
      };
    case 'farmer_registration':
      if (d.daId === null || d.kebeleId === null) return undefined;
      return {
        text: translate(who.lang, 'bot.delivery.register_farmer'),
        web_app: { url: screenLinks(link, who).farmerRegistration({ id: d.daId, kebele: d.kebeleId }) },
      };
    case 'advisory':
      return d.advisory ? feedbackButton(link, who, d.botUserId, d.advisory.id) : undefined;
  }
}

/**
 * `📢 <name>`, the creator's message, and for an advisory notification the latest advisory for
 * the recipient's area (heading and text, as the bot words it). With no advisory for the area the
 * note still goes out, without a feedback button.
 */
export function renderDelivery(d: DeliveryContext, link: Linker): RenderedMessage {
  const lang: Language = isLanguage(d.language) ? d.language : defaultLanguage;
  const name = clip(d.name.trim(), NAME_MAX, '…');
  const note = clip(d.message.trim(), NOTE_MAX, '…');
  const parts = [`📢 <b>${escapeHtml(name)}</b>`];
  if (note) parts.push(escapeHtml(note));
  if (d.contentType === 'advisory' && d.advisory) {
    const room = MESSAGE_BUDGET - name.length - note.length - 8;
    // One line break under the heading: here the advisory is a section of the note.
    parts.push(advisoryHtml(d.advisory, lang, room, '\n'));
  }
  const b = button(d, { telegramUserId: d.telegramId, chatId: d.chatId, lang }, link);
  return {
    text: parts.join('\n\n'),
    parse_mode: 'HTML',
    ...(b ? { reply_markup: { inline_keyboard: [[b]] } } : {}),
  };
}
