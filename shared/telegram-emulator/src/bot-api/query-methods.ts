import { badRequest } from '../errors.js';
import { parseInlineKeyboard } from '../markup.js';
import { formatText } from '../text/formatted-text.js';
import type { InlineKeyboardMarkup } from '../types.js';
import type { MethodHandler } from './dispatch.js';

const answerCallbackQuery: MethodHandler = (emu, p) => {
  const text = p.str('text');
  // Telegram's cap for the toast/alert text.
  if (text !== undefined && [...text].length > 200) throw badRequest('MESSAGE_TOO_LONG');
  emu.queries.answerCallback(p.str('callback_query_id'), {
    ...(text ? { text } : {}),
    ...(p.bool('show_alert') ? { show_alert: true } : {}),
    ...(p.str('url') ? { url: p.str('url') } : {}),
  });
  return true;
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Sends a message on the user's behalf "via" the bot, as Telegram does for a mini-app opened
 * with a query_id. Only article results are emulated: that is what Gebere hands back.
 */
const answerWebAppQuery: MethodHandler = (emu, p) => {
  const result = p.json('result', badRequest("can't parse InlineQueryResult JSON object"));
  if (!isRecord(result)) throw badRequest("can't parse InlineQueryResult JSON object");
  if (result.type !== 'article') throw badRequest('RESULT_TYPE_INVALID');
  if (typeof result.id !== 'string' || result.id === '' || Buffer.byteLength(result.id) > 64) {
    throw badRequest('RESULT_ID_INVALID');
  }
  const content = result.input_message_content;
  if (!isRecord(content) || typeof content.message_text !== 'string') {
    throw badRequest("can't parse InputMessageContent JSON object");
  }
  const formatted = formatText({
    text: content.message_text,
    parseMode: typeof content.parse_mode === 'string' ? content.parse_mode : undefined,
    entities: content.entities,
    maxLength: emu.options.limits.messageLength,
  });
  const markup: InlineKeyboardMarkup | undefined = isRecord(result.reply_markup)
    ? parseInlineKeyboard(result.reply_markup, emu.options.limits)
    : undefined;
  // Validate everything before consuming the query: a bad result leaves it answerable.
  const query = emu.queries.useWebAppQuery(p.str('web_app_query_id'));
  const inlineMessageId = emu.actions.postViaBot(query.userId, formatted, markup);
  return { inline_message_id: inlineMessageId };
};

export const queryMethods: Record<string, MethodHandler> = { answerCallbackQuery, answerWebAppQuery };
