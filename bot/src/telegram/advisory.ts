import {
  type Advisory,
  advisoryParagraphs,
  advisoryTitle,
  clip,
  type AdvisoryText as LabelledText,
} from '@gebere/contract';
import { type Language, translate } from '@gebere/i18n';
import { InlineKeyboard } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { LinkSubject, MakeLink } from './links';
import { screenLinks } from './links';
import { escapeHtml } from './summaries';

/**
 * One advisory as the chat shows it: its title, its text in the DA's language and the "Give
 * feedback" button. The bot's `advisoryMessage` and the notification engine's advisory deliveries
 * (bot/src/notifications/message.ts) both render it here, so the two never drift apart.
 */
export type AdvisoryText = Pick<Advisory, 'id'> & LabelledText;

/** Room for an advisory's heading ("New advisory: …"); a label is short, this only bounds a huge one. */
const HEADING_MAX = 300;

/** Its paragraphs in the DA's language (Amharic when any is written), one a line. */
export function advisoryBody(advisory: AdvisoryText, lang: Language): string {
  return advisoryParagraphs(advisory, lang).join('\n');
}

/**
 * `<b>New advisory: title</b>`, then its text after `gap`, HTML-escaped; heading and text together
 * stay within `budget` characters (the text is cut, marked with an ellipsis). The title is the
 * operator's, in the reader's language; without one the heading is just "New advisory" (spec
 * §2's fallback to the start of the text would repeat the line right below it).
 */
export function advisoryHtml(advisory: AdvisoryText, lang: Language, budget: number, gap: string): string {
  const title = advisoryTitle(advisory, lang);
  const heading = clip(
    title ? translate(lang, 'bot.advisory.new', { title }) : translate(lang, 'bot.advisory.new_untitled'),
    HEADING_MAX,
    '…',
  );
  const body = clip(advisoryBody(advisory, lang), Math.max(0, budget - heading.length), '…');
  return `<b>${escapeHtml(heading)}</b>${body ? `${gap}${escapeHtml(body)}` : ''}`;
}

/**
 * The inline "Give feedback" button: opens `/feedback?chat_id&user_id&advisory_id&lang` (signed for
 * the DA). Inline, so the screen gets Telegram's initData; its result comes back through /tg/result.
 */
export function feedbackButton(
  makeLink: MakeLink,
  who: LinkSubject,
  botUserId: number,
  advisoryId: number,
): InlineKeyboardButton.WebAppButton {
  return {
    text: translate(who.lang, 'bot.advisory.give_feedback'),
    web_app: { url: screenLinks(makeLink, who).feedback(botUserId, advisoryId) },
  };
}

export interface AdvisoryMessageInput {
  advisory: AdvisoryText;
  lang: Language;
  /** The DA's private chat (= their Telegram user id), where the message goes. */
  chatId: number;
  /** The bot user giving feedback (the feedback screen's `user_id`). */
  botUserId: number;
  makeLink: MakeLink;
}

export interface AdvisoryMessage {
  text: string;
  parse_mode: 'HTML';
  reply_markup: InlineKeyboard;
}

/** Room for the whole advisory under Telegram's 4096 characters, leaving some for the escapes. */
const MESSAGE_BUDGET = 3900;

/** An advisory as the bot sends it on its own: heading, a blank line, its text, the feedback button. */
export function advisoryMessage(input: AdvisoryMessageInput): AdvisoryMessage {
  const { advisory, lang, chatId, botUserId } = input;
  const who = { telegramUserId: chatId, chatId, lang };
  return {
    text: advisoryHtml(advisory, lang, MESSAGE_BUDGET, '\n\n'),
    parse_mode: 'HTML',
    reply_markup: InlineKeyboard.from([[feedbackButton(input.makeLink, who, botUserId, advisory.id)]]),
  };
}
