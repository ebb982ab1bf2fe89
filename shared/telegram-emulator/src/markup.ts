import type { Limits } from './config.js';
import { badRequest, TG } from './errors.js';
import { byteLength } from './text/entity-utils.js';
import type {
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  KeyboardButton,
  ReplyKeyboardMarkup,
  ReplyMarkup,
} from './types.js';

const INLINE_ACTIONS = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
] as const;

// Telegram refuses markups with more buttons than this.
const MAX_BUTTONS = 100;

const cantParse = () => badRequest("can't parse reply keyboard markup JSON object");
const cantParseButton = (why: string) => badRequest(`can't parse inline keyboard button: ${why}`);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Web links Telegram accepts on buttons; the emulator also accepts http:// so local servers work. */
function isButtonUrl(url: unknown, allowTg: boolean): boolean {
  if (typeof url !== 'string' || url === '') return false;
  if (allowTg && /^tg:\/\//i.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

function rows(value: unknown, field: string, kind: string): unknown[][] {
  if (!Array.isArray(value) || !value.every(Array.isArray)) {
    throw badRequest(`field "${field}" of the ${kind} should be an Array of Arrays`);
  }
  const count = value.reduce((n: number, row: unknown[]) => n + row.length, 0);
  if (count > MAX_BUTTONS) throw badRequest('REPLY_MARKUP_TOO_LONG');
  return value as unknown[][];
}

function inlineButton(raw: unknown, limits: Limits): InlineKeyboardButton {
  if (!isRecord(raw)) throw cantParseButton('InlineKeyboardButton must be an Object');
  if (typeof raw.text !== 'string') throw cantParseButton('Field "text" must be of type String');
  const actions = INLINE_ACTIONS.filter((a) => raw[a] !== undefined);
  if (actions.length === 0) throw cantParseButton('Text buttons are unallowed in the inline keyboard');
  if (raw.callback_data !== undefined) {
    const data = raw.callback_data;
    if (typeof data !== 'string' || data === '' || byteLength(data) > limits.callbackDataBytes) {
      throw badRequest(TG.buttonDataInvalid);
    }
  }
  if (raw.url !== undefined && !isButtonUrl(raw.url, true)) throw badRequest(TG.buttonUrlInvalid);
  if (raw.web_app !== undefined && !(isRecord(raw.web_app) && isButtonUrl(raw.web_app.url, false))) {
    throw badRequest(TG.buttonUrlInvalid);
  }
  return raw as unknown as InlineKeyboardButton;
}

function keyboardButton(raw: unknown): KeyboardButton.CommonButton | KeyboardButton {
  if (typeof raw === 'string') return { text: raw };
  if (!isRecord(raw) || typeof raw.text !== 'string') {
    throw badRequest('can\'t parse keyboard button: Field "text" must be of type String');
  }
  if (raw.web_app !== undefined && !(isRecord(raw.web_app) && isButtonUrl(raw.web_app.url, false))) {
    throw badRequest(TG.buttonUrlInvalid);
  }
  return raw as unknown as KeyboardButton;
}

export function parseInlineKeyboard(raw: Record<string, unknown>, limits: Limits): InlineKeyboardMarkup {
  const keyboard = rows(raw.inline_keyboard, 'inline_keyboard', 'InlineKeyboardMarkup');
  return { inline_keyboard: keyboard.map((row) => row.map((b) => inlineButton(b, limits))) };
}

/**
 * Validates reply_markup the way Telegram does (JSON string or object) and returns it normalised
 * (string keyboard buttons become `{ text }`). `inlineOnly` is for the edit methods.
 */
export function parseReplyMarkup(raw: unknown, limits: Limits, inlineOnly = false): ReplyMarkup | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw cantParse();
    }
  }
  if (!isRecord(value)) throw cantParse();
  if (value.inline_keyboard !== undefined) return parseInlineKeyboard(value, limits);
  if (inlineOnly) throw badRequest('inline keyboard expected');
  if (value.keyboard !== undefined) {
    const keyboard = rows(value.keyboard, 'keyboard', 'ReplyKeyboardMarkup');
    return { ...value, keyboard: keyboard.map((row) => row.map(keyboardButton)) } as ReplyKeyboardMarkup;
  }
  if (value.remove_keyboard === true) return { remove_keyboard: true, ...value } as ReplyMarkup;
  if (value.force_reply === true) return { force_reply: true, ...value } as ReplyMarkup;
  throw cantParse();
}

export const isInlineMarkup = (m: ReplyMarkup | undefined): m is InlineKeyboardMarkup =>
  m !== undefined && 'inline_keyboard' in m;
export const isReplyKeyboard = (m: ReplyMarkup | undefined): m is ReplyKeyboardMarkup =>
  m !== undefined && 'keyboard' in m;
