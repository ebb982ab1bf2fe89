import type { MessageEntity } from '../types.js';

// tdlib's type priorities: at equal offset and length, lower sorts first.
const PRIORITY: Partial<Record<MessageEntity['type'], number>> = {
  mention: 50,
  hashtag: 50,
  cashtag: 50,
  bot_command: 50,
  url: 50,
  email: 50,
  phone_number: 50,
  bold: 90,
  italic: 91,
  underline: 92,
  strikethrough: 93,
  spoiler: 94,
  code: 20,
  pre: 11,
  text_link: 49,
  text_mention: 49,
  blockquote: 0,
  expandable_blockquote: 0,
  custom_emoji: 99,
};

/** Telegram's entity order: by offset, longer first, then by type priority. */
export function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return [...entities].sort(
    (a, b) =>
      a.offset - b.offset || b.length - a.length || (PRIORITY[a.type] ?? 50) - (PRIORITY[b.type] ?? 50),
  );
}

// Entities inside which Telegram finds no links or commands.
const OPAQUE = new Set<MessageEntity['type']>(['code', 'pre', 'text_link', 'text_mention', 'custom_emoji']);

const COMMON_TLDS =
  'com|org|net|et|io|app|dev|gov|edu|info|me|ly|co|uk|de|fr|ru|ai|gl|gg|tv|xyz|site|online|tech|page';

interface Finder {
  type: 'bot_command' | 'url' | 'mention' | 'hashtag' | 'email';
  re: RegExp;
}

// Simplified versions of tdlib's find_entities; they match what Gebere's texts contain.
const FINDERS: Finder[] = [
  {
    type: 'email',
    re: /(?<![\p{L}\p{N}_.+-])[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gu,
  },
  {
    type: 'url',
    re: new RegExp(
      String.raw`(?<![\p{L}\p{N}_/@.])(?:https?:\/\/[^\s<>"]+|(?:[\p{L}\p{N}-]+\.)+(?:${COMMON_TLDS})(?![\p{L}\p{N}])(?::\d{1,5})?(?:[/?#][^\s<>"]*)?)`,
      'giu',
    ),
  },
  {
    type: 'bot_command',
    re: /(?<![\p{L}\p{N}_/<>])\/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\p{L}\p{N}_/@])/gu,
  },
  { type: 'mention', re: /(?<![\p{L}\p{N}_@])@[A-Za-z0-9_]{3,32}(?![\p{L}\p{N}_])/gu },
  { type: 'hashtag', re: /(?<![\p{L}\p{N}_#])#[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*/gu },
];

/**
 * Adds the entities Telegram finds by itself (commands, links, mentions, hashtags, e-mails),
 * skipping spans inside code, pre and links, as the server does for every message.
 */
export function addAutoEntities(text: string, entities: MessageEntity[]): MessageEntity[] {
  const taken: Array<[number, number]> = entities
    .filter((e) => OPAQUE.has(e.type))
    .map((e) => [e.offset, e.offset + e.length]);
  const found: MessageEntity[] = [];
  for (const { type, re } of FINDERS) {
    for (const m of text.matchAll(re)) {
      let value = m[0];
      if (type === 'url') value = value.replace(/[.,:;!?)\]'"]+$/u, '');
      const start = m.index ?? 0;
      const end = start + value.length;
      if (value.length === 0 || taken.some(([a, b]) => start < b && a < end)) continue;
      taken.push([start, end]);
      found.push({ type, offset: start, length: value.length } as MessageEntity);
    }
  }
  return sortEntities([...entities, ...found]);
}

/** Telegram counts message length in characters (code points) after entity parsing. */
export const charLength = (text: string) => [...text].length;

export const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

const TRIM = new Set([' ', '\t', '\n', '\r', '\v', '\f']);

/** Telegram strips leading and trailing whitespace and shifts or clips the entities with it. */
export function trimFormatted(
  text: string,
  entities: MessageEntity[],
): { text: string; entities: MessageEntity[] } {
  let start = 0;
  let end = text.length;
  while (start < end && TRIM.has(text[start] ?? '')) start++;
  while (end > start && TRIM.has(text[end - 1] ?? '')) end--;
  const kept: MessageEntity[] = [];
  for (const e of entities) {
    const a = Math.max(e.offset, start);
    const b = Math.min(e.offset + e.length, end);
    if (b > a) kept.push({ ...e, offset: a - start, length: b - a });
  }
  return { text: text.slice(start, end), entities: kept };
}
