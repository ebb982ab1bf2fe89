import { LIMITS } from '@gebere/contract';
import { defaultLanguage, isLanguage, type Language, translate } from '@gebere/i18n';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { type LinkParams, signLink } from '../auth/link';
import type { DeliveryContext, LinkSettings } from './types';

/**
 * What a delivery says and which button it carries. The notification's name and message are
 * free text written by its creator in whatever language they chose, so they are sent as written;
 * everything the product adds (button labels, the advisory line, the advisory's text) is in the
 * recipient's language.
 *
 * A small builder of our own: the bot's `advisoryMessage` / link maker (bot/src/telegram) were
 * not committed when this was written. It follows the same conventions (signed links carrying
 * `lang`, HTML with escaped user text, the spec's advisory label rule).
 */

/**
 * Callback data of the reach and adoption buttons: the bot starts its group picker for them,
 * as its /reach and /adoption commands do (the picker needs a conversation, not a link).
 */
export const DELIVERY_CALLBACKS = { reach: 'menu:reach', adoption: 'menu:adoption' } as const;

/** Telegram's limit is 4096 characters after entity parsing; leave room for the markup's escapes. */
const MESSAGE_BUDGET = 3900;
const NOTE_MAX = 1500;

export interface RenderedMessage {
  text: string;
  parse_mode: 'HTML';
  reply_markup?: InlineKeyboardMarkup;
}

export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Cuts by code points (never half an emoji or an Ethiopic syllable) and marks the cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, Math.max(0, max - 1)).join('')}…` : text;
}

type Advisory = NonNullable<DeliveryContext['advisory']>;

function advisoryBody(a: Advisory, lang: Language): string {
  const paragraphs = lang === 'am' && a.contentAm?.some((p) => p.trim()) ? a.contentAm : a.content;
  return paragraphs
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n');
}

/** Spec §2: its label; else the first 80 characters of its text and an ellipsis. */
export function advisoryTitle(a: Advisory, lang: Language): string {
  const label = a.label?.trim();
  if (label) return label;
  const text = advisoryBody(a, lang).replace(/\s+/g, ' ');
  const chars = Array.from(text);
  return chars.length > LIMITS.advisoryLabelChars
    ? `${chars.slice(0, LIMITS.advisoryLabelChars).join('')}…`
    : text;
}

export function makeLinker(settings: LinkSettings, nowMs: () => number) {
  const base = settings.publicUrl.replace(/\/+$/, '');
  return (path: string, params: LinkParams, telegramUserId: number) =>
    `${base}${signLink(settings.secret, path, params, {
      telegramUserId,
      ttlSeconds: settings.ttlSeconds,
      now: Math.floor(nowMs() / 1000),
    })}`;
}

export type Linker = ReturnType<typeof makeLinker>;

function button(d: DeliveryContext, lang: Language, link: Linker): InlineKeyboardButton | undefined {
  const url = (path: string, params: LinkParams) => link(path, { ...params, lang }, d.telegramId);
  switch (d.contentType) {
    case 'reach':
      return { text: translate(lang, 'bot.delivery.record_reach'), callback_data: DELIVERY_CALLBACKS.reach };
    case 'adoption':
      return {
        text: translate(lang, 'bot.delivery.record_adoption'),
        callback_data: DELIVERY_CALLBACKS.adoption,
      };
    case 'farmer_registration':
      if (d.daId === null || d.kebeleId === null) return undefined;
      return {
        text: translate(lang, 'bot.delivery.register_farmer'),
        web_app: { url: url('/farmer_registration', { da_id: d.daId, kebele_id: d.kebeleId }) },
      };
    case 'advisory':
      if (!d.advisory) return undefined;
      return {
        text: translate(lang, 'bot.delivery.give_feedback'),
        web_app: {
          url: url('/feedback', { chat_id: d.chatId, user_id: d.botUserId, advisory_id: d.advisory.id }),
        },
      };
  }
}

/**
 * `📢 <name>`, the creator's message, and for an advisory notification the latest advisory for
 * the recipient's area (title and text). With no advisory for the area the note still goes out,
 * without a feedback button.
 */
export function renderDelivery(d: DeliveryContext, link: Linker): RenderedMessage {
  const lang: Language = isLanguage(d.language) ? d.language : defaultLanguage;
  const name = cut(d.name.trim(), 200);
  const note = cut(d.message.trim(), NOTE_MAX);
  const parts = [`📢 <b>${escapeHtml(name)}</b>`];
  if (note) parts.push(escapeHtml(note));
  if (d.contentType === 'advisory' && d.advisory) {
    const title = cut(translate(lang, 'bot.advisory.new', { title: advisoryTitle(d.advisory, lang) }), 300);
    const used = Array.from(name).length + Array.from(note).length + Array.from(title).length + 8;
    const body = cut(advisoryBody(d.advisory, lang), Math.max(0, MESSAGE_BUDGET - used));
    parts.push(`<b>${escapeHtml(title)}</b>${body ? `\n${escapeHtml(body)}` : ''}`);
  }
  const b = button(d, lang, link);
  return {
    text: parts.join('\n\n'),
    parse_mode: 'HTML',
    ...(b ? { reply_markup: { inline_keyboard: [[b]] } } : {}),
  };
}
