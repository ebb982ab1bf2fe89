import type { ChatMessage, InlineKeyboardButton, KeyboardButton } from './types.js';

function inlineLabel(b: InlineKeyboardButton): string {
  if ('callback_data' in b) return `${b.text} (callback ${b.callback_data})`;
  if ('url' in b) return `${b.text} (url ${b.url})`;
  if ('web_app' in b && b.web_app) return `${b.text} (web_app ${b.web_app.url})`;
  return b.text;
}

function replyLabel(b: KeyboardButton): string {
  if (typeof b === 'string') return b;
  if ('web_app' in b && b.web_app) return `${b.text} (web_app ${b.web_app.url})`;
  if ('request_contact' in b && b.request_contact) return `${b.text} (contact)`;
  return b.text;
}

/** One line per message for transcripts: its text or content kind, and its buttons. */
export function describeMessage(m: ChatMessage): string {
  const raw = m.raw;
  let body: string;
  if (m.text !== undefined) body = JSON.stringify(m.text);
  else if (raw.contact) body = `[contact ${raw.contact.phone_number}]`;
  else if (raw.web_app_data)
    body = `[web_app_data from "${raw.web_app_data.button_text}": ${raw.web_app_data.data.slice(0, 200)}]`;
  else body = '[non-text message]';
  if (raw.via_bot) body += ` (via @${raw.via_bot.username})`;
  if (m.edit_date) body += ' (edited)';
  const markup = m.reply_markup;
  if (markup && 'inline_keyboard' in markup) {
    body += ` [inline: ${markup.inline_keyboard.flat().map(inlineLabel).join(' | ')}]`;
  } else if (markup && 'keyboard' in markup) {
    body += ` [reply keyboard: ${markup.keyboard.flat().map(replyLabel).join(' | ')}]`;
  } else if (markup && 'remove_keyboard' in markup) {
    body += ' [keyboard removed]';
  }
  return body;
}
