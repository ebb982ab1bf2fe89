import { badRequest, TG } from '../errors.js';
import type { MessageEntity } from '../types.js';
import { addAutoEntities, charLength, sortEntities, trimFormatted } from './entity-utils.js';
import { HtmlParseError, parseHtml } from './html-entities.js';

export interface FormatInput {
  text: string | undefined;
  parseMode: string | undefined;
  entities: unknown;
  maxLength: number;
}

export interface FormattedText {
  text: string;
  entities: MessageEntity[];
}

/**
 * What Telegram does to a message text before storing it: parse the markup, trim, find links and
 * commands, then check emptiness and length on the result (so markup doesn't count toward 4096).
 */
export function formatText({ text, parseMode, entities, maxLength }: FormatInput): FormattedText {
  if (text === undefined || text === '') throw badRequest(TG.textEmpty);
  let parsed: FormattedText;
  const mode = (parseMode ?? '').toLowerCase();
  if (mode === 'html') {
    try {
      parsed = parseHtml(text);
    } catch (error) {
      if (error instanceof HtmlParseError) throw badRequest(`can't parse entities: ${error.message}`);
      throw error;
    }
  } else if (mode === '') {
    parsed = { text, entities: explicitEntities(entities, text) };
  } else if (mode === 'markdown' || mode === 'markdownv2') {
    // Not emulated: Gebere formats with HTML. Failing loudly beats rendering it wrong.
    throw badRequest(
      `can't parse entities: parse_mode ${parseMode} is not supported by the local emulator; use HTML`,
    );
  } else {
    throw badRequest('unsupported parse_mode');
  }
  const trimmed = trimFormatted(parsed.text, parsed.entities);
  if (trimmed.text === '') throw badRequest(TG.textEmpty);
  if (charLength(trimmed.text) > maxLength) throw badRequest(TG.tooLong);
  return { text: trimmed.text, entities: addAutoEntities(trimmed.text, trimmed.entities) };
}

function explicitEntities(raw: unknown, text: string): MessageEntity[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest("can't parse entities JSON object");
  const out: MessageEntity[] = [];
  for (const e of raw) {
    if (
      typeof e !== 'object' ||
      e === null ||
      typeof e.type !== 'string' ||
      !Number.isInteger(e.offset) ||
      !Number.isInteger(e.length)
    ) {
      throw badRequest("can't parse MessageEntity JSON object");
    }
    if (e.length <= 0 || e.offset < 0 || e.offset >= text.length) continue;
    out.push({ ...e, length: Math.min(e.length, text.length - e.offset) } as MessageEntity);
  }
  return sortEntities(out);
}
