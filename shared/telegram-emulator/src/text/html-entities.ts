// Telegram's parse_mode=HTML, following tdlib's parser (MessageEntity.cpp): the same tag set, the
// same attribute rules and the same error texts with UTF-8 byte offsets, so a bot that passes here
// passes on Telegram and one that fails gets the description it would get there.
import type { MessageEntity } from '../types.js';
import { sortEntities } from './entity-utils.js';

export class HtmlParseError extends Error {
  override name = 'HtmlParseError';
}

export interface ParsedText {
  text: string;
  entities: MessageEntity[];
}

const TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  's',
  'strike',
  'del',
  'u',
  'ins',
  'tg-spoiler',
  'tg-emoji',
  'span',
  'pre',
  'code',
  'blockquote',
]);

// tdlib treats the terminating NUL as a space; '' (past the end) plays that role here.
const isSpace = (c: string) =>
  c === '' || c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\0' || c === '\v' || c === '\f';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isDigit = (c: string) => c >= '0' && c <= '9';
const isHex = (c: string) => isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');

/** Decodes the entity at `pos` (which holds '&'); undefined when tdlib would keep the '&' literally. */
function decodeEntity(s: string, pos: number): { code: number; end: number } | undefined {
  let end = pos + 1;
  let code = 0;
  if (s[end] === '#') {
    end++;
    if (s[end] === 'x') {
      end++;
      while (end < s.length && isHex(s[end] ?? '')) code = code * 16 + Number.parseInt(s[end++] ?? '0', 16);
    } else {
      while (end < s.length && isDigit(s[end] ?? '')) code = code * 10 + Number(s[end++]);
    }
    if (code === 0 || code >= 0x10ffff || end - pos >= 10) return undefined;
  } else {
    while (end < s.length && isAlpha(s[end] ?? '')) end++;
    const name = s.slice(pos + 1, end);
    const named: Record<string, number> = { lt: 60, gt: 62, amp: 38, quot: 34 };
    const value = named[name];
    if (value === undefined) return undefined;
    code = value;
  }
  return { code, end: s[end] === ';' ? end + 1 : end };
}

interface OpenTag {
  name: string;
  argument: string;
  offset: number; // UTF-16 offset in the result
  resultPos: number; // index in the result string
}

/** Parses Telegram HTML; throws HtmlParseError with tdlib's message. */
export function parseHtml(html: string): ParsedText {
  const s = html;
  const at = (i: number) => s[i] ?? '';
  const byteOffset = (i: number) => Buffer.byteLength(s.slice(0, i), 'utf8');
  const fail = (msg: string): never => {
    throw new HtmlParseError(msg);
  };
  let out = '';
  let decodedSurrogate = false;
  const entities: MessageEntity[] = [];
  const open: OpenTag[] = [];

  for (let i = 0; i < s.length; i++) {
    const c = at(i);
    if (c === '&') {
      const decoded = decodeEntity(s, i);
      if (decoded) {
        if (decoded.code >= 0xd800 && decoded.code <= 0xdfff) decodedSurrogate = true;
        out += String.fromCodePoint(decoded.code);
        i = decoded.end - 1;
        continue;
      }
    }
    if (c !== '<') {
      out += c;
      continue;
    }
    const begin = i++;
    if (at(i) !== '/') {
      while (!isSpace(at(i)) && at(i) !== '>') i++;
      if (i >= s.length) fail(`Unclosed start tag at byte offset ${byteOffset(begin)}`);
      const name = s.slice(begin + 1, i).toLowerCase();
      if (!TAGS.has(name)) fail(`Unsupported start tag "${name}" at byte offset ${byteOffset(begin)}`);
      let argument = '';
      while (at(i) !== '>') {
        while (i < s.length && isSpace(at(i))) i++;
        if (at(i) === '>') break;
        const attrBegin = i;
        while (!isSpace(at(i)) && at(i) !== '=' && at(i) !== '>') i++;
        const attr = s.slice(attrBegin, i);
        if (attr === '')
          fail(`Empty attribute name in the tag "${name}" at byte offset ${byteOffset(begin)}`);
        while (i < s.length && isSpace(at(i))) i++;
        if (at(i) !== '=') {
          // The one attribute Telegram accepts without a value.
          if (name === 'blockquote' && attr.toLowerCase() === 'expandable') {
            argument = '1';
            continue;
          }
          fail(
            `Expected equal sign in declaration of an attribute of the tag "${name}" at byte offset ${byteOffset(begin)}`,
          );
        }
        i++;
        while (i < s.length && isSpace(at(i))) i++;
        if (i >= s.length) fail(`Unclosed start tag "${name}" at byte offset ${byteOffset(begin)}`);
        let value = '';
        if (at(i) !== "'" && at(i) !== '"') {
          // An unquoted name token: letters, digits, periods and hyphens, case-insensitive.
          const tokenBegin = i;
          while (/[A-Za-z0-9.-]/.test(at(i))) i++;
          value = s.slice(tokenBegin, i).toLowerCase();
          if (!isSpace(at(i)) && at(i) !== '>') {
            fail(`Unexpected end of name token at byte offset ${byteOffset(tokenBegin)}`);
          }
        } else {
          const quote = at(i++);
          while (i < s.length && at(i) !== quote) {
            if (at(i) === '&') {
              const decoded = decodeEntity(s, i);
              if (decoded) {
                value += String.fromCodePoint(decoded.code);
                i = decoded.end;
                continue;
              }
            }
            value += at(i++);
          }
          if (at(i) === quote) i++;
        }
        if (i >= s.length) fail(`Unclosed start tag at byte offset ${byteOffset(begin)}`);
        const attrName = attr.toLowerCase();
        if (name === 'a' && attrName === 'href') argument = value;
        else if (name === 'code' && attrName === 'class' && value.startsWith('language-'))
          argument = value.slice(9);
        else if (name === 'span' && attrName === 'class' && value.startsWith('tg-'))
          argument = value.slice(3);
        else if (name === 'tg-emoji' && attrName === 'emoji-id') argument = value;
      }
      if (name === 'span' && argument !== 'spoiler') {
        fail(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(begin)}`);
      }
      open.push({ name, argument, offset: out.length, resultPos: out.length });
    } else {
      const last = open.at(-1);
      if (!last) return fail(`Unexpected end tag at byte offset ${byteOffset(begin)}`);
      while (!isSpace(at(i)) && at(i) !== '>') i++;
      const endName = s.slice(begin + 2, i).toLowerCase();
      while (i < s.length && isSpace(at(i))) i++;
      if (at(i) !== '>') fail(`Unclosed end tag at byte offset ${byteOffset(begin)}`);
      if (endName !== '' && endName !== last.name) {
        fail(
          `Unmatched end tag at byte offset ${byteOffset(begin)}, expected "</${last.name}>", found "</${endName}>"`,
        );
      }
      if (out.length > last.offset) closeEntity(last, out, entities);
      open.pop();
    }
  }
  const unclosed = open.at(-1);
  if (unclosed) fail(`Can't find end tag corresponding to start tag ${unclosed.name}`);
  if (decodedSurrogate) {
    fail(
      'Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units',
    );
  }
  // A code tag's language only survives when it merged into a pre.
  const cleaned = entities.map((e) => {
    if (e.type === 'code' && 'language' in e) {
      const { language: _drop, ...rest } = e as MessageEntity & { language?: string };
      return rest as MessageEntity;
    }
    return e;
  });
  return { text: out, entities: sortEntities(cleaned) };
}

function closeEntity(tag: OpenTag, out: string, entities: MessageEntity[]): void {
  const offset = tag.offset;
  const length = out.length - offset;
  const simple: Record<string, MessageEntity['type']> = {
    i: 'italic',
    em: 'italic',
    b: 'bold',
    strong: 'bold',
    s: 'strikethrough',
    strike: 'strikethrough',
    del: 'strikethrough',
    u: 'underline',
    ins: 'underline',
    'tg-spoiler': 'spoiler',
    span: 'spoiler',
  };
  const type = simple[tag.name];
  if (type) {
    entities.push({ type, offset, length } as MessageEntity);
    return;
  }
  const prev = entities.at(-1);
  const sameSpan = prev !== undefined && prev.offset === offset && prev.length === length;
  switch (tag.name) {
    case 'blockquote':
      entities.push({ type: tag.argument ? 'expandable_blockquote' : 'blockquote', offset, length });
      return;
    case 'tg-emoji':
      if (!/^\d+$/.test(tag.argument) || BigInt(tag.argument) === 0n) {
        throw new HtmlParseError('Invalid custom emoji identifier specified');
      }
      entities.push({ type: 'custom_emoji', offset, length, custom_emoji_id: tag.argument });
      return;
    case 'a': {
      const url = checkUrl(tag.argument || out.slice(tag.resultPos));
      if (url) entities.push({ type: 'text_link', offset, length, url });
      return;
    }
    case 'pre': {
      // <code class="language-x"> directly inside <pre> becomes one pre entity with a language.
      const language = sameSpan ? (prev as unknown as { language?: string }).language : undefined;
      if (sameSpan && prev.type === 'code' && language) {
        entities[entities.length - 1] = { type: 'pre', offset, length, language };
      } else {
        entities.push({ type: 'pre', offset, length });
      }
      return;
    }
    case 'code':
      if (sameSpan && prev.type === 'pre' && tag.argument) {
        entities[entities.length - 1] = { type: 'pre', offset, length, language: tag.argument };
      } else {
        entities.push({
          type: 'code',
          offset,
          length,
          ...(tag.argument ? { language: tag.argument } : {}),
        } as MessageEntity);
      }
      return;
  }
}

/**
 * tdlib's check_url, simplified: a missing scheme becomes http://, a bare host gets its '/', and
 * anything that isn't a web or tg: link is dropped (the text stays, the link doesn't).
 */
export function checkUrl(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  if (/^tg:/i.test(trimmed)) return trimmed;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:', 'ton:'].includes(parsed.protocol)) return undefined;
  if (!parsed.hostname.includes('.') && parsed.hostname !== 'localhost') return undefined;
  return withScheme.replace(
    /^([a-z]+:\/\/[^/?#]+)([?#].*)?$/i,
    (_m, host: string, rest?: string) => `${host}/${rest ?? ''}`,
  );
}
