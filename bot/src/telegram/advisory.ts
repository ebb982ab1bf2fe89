import { type Advisory, LIMITS } from '@gebere/contract';
import { type Language, translate } from '@gebere/i18n';
import { InlineKeyboard } from 'grammy';
import type { MakeLink } from './links';
import { screenLinks } from './links';
import { escapeHtml } from './summaries';

export interface AdvisoryMessageInput {
  advisory: Pick<Advisory, 'id' | 'label' | 'template_content' | 'template_content_am'>;
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

/** Room left for the title and markup under Telegram's 4096 characters. */
const BODY_MAX = 3500;

/** The spec's advisory label: its label, else the first 80 characters of its text and an ellipsis. */
export function advisoryTitle(advisory: AdvisoryMessageInput['advisory'], lang: Language): string {
  if (advisory.label) return advisory.label;
  const content = (
    lang === 'am' && advisory.template_content_am?.length
      ? advisory.template_content_am
      : advisory.template_content
  ).join(' ');
  const max = LIMITS.advisoryLabelChars;
  return content.length > max ? `${content.slice(0, max)}…` : content;
}

/**
 * An advisory as the bot sends it (the notification engine uses this): its title and text in the
 * DA's language (Amharic text when written), and a "Give feedback" button opening
 * `/feedback?chat_id&user_id&advisory_id` (signed). The button is inline: the screen gets
 * Telegram's initData, and its result comes back through POST /tg/result.
 */
export function advisoryMessage(input: AdvisoryMessageInput): AdvisoryMessage {
  const { advisory, lang, chatId, botUserId } = input;
  const lines =
    lang === 'am' && advisory.template_content_am?.length
      ? advisory.template_content_am
      : advisory.template_content;
  let body = lines.join('\n').trim();
  if (body.length > BODY_MAX) body = `${body.slice(0, BODY_MAX)}…`;
  const title = `<b>${escapeHtml(translate(lang, 'bot.advisory.new', { title: advisoryTitle(advisory, lang) }))}</b>`;
  const links = screenLinks(input.makeLink, { telegramUserId: chatId, chatId, lang });
  return {
    text: body ? `${title}\n\n${escapeHtml(body)}` : title,
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard().webApp(
      translate(lang, 'bot.advisory.give_feedback'),
      links.feedback(botUserId, advisory.id),
    ),
  };
}
