import { type BotApiError, badRequest } from '../errors.js';

/**
 * A method's parameters as Telegram reads them: from the query string, a form or a JSON body,
 * where a form carries numbers as strings and objects as JSON text.
 */
export class Params {
  constructor(readonly raw: Record<string, unknown>) {}

  has(name: string): boolean {
    const v = this.raw[name];
    return v !== undefined && v !== null && v !== '';
  }

  str(name: string): string | undefined {
    const v = this.raw[name];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return undefined;
  }

  /** An integer, or undefined when absent; `invalid` is Telegram's answer to a non-number. */
  int(name: string, invalid: BotApiError): number | undefined {
    const v = this.raw[name];
    if (v === undefined || v === null || v === '') return undefined;
    const n =
      typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n)) throw invalid;
    return n;
  }

  bool(name: string): boolean {
    const v = this.raw[name];
    return v === true || v === 'true' || v === '1' || v === 1;
  }

  /** An object or array that may arrive as JSON text (forms, query strings). */
  json(name: string, invalid: BotApiError): unknown {
    const v = this.raw[name];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      throw invalid;
    }
  }

  /** chat_id: Telegram accepts a number or a numeric string; "@name" finds no private chat. */
  chatId(required = true): number | undefined {
    const v = this.raw.chat_id;
    if (v === undefined || v === null || v === '') {
      if (required) throw badRequest('chat_id is empty');
      return undefined;
    }
    const n = this.int('chat_id', badRequest('chat not found'));
    return n;
  }
}
