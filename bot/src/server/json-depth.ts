/**
 * Deepest nesting of arrays and objects a JSON request body may have. Every payload of the
 * contract nests at most 4 levels (a feedback answer's choices); 32 leaves room and keeps every
 * recursive walk over a parsed body (zod, the error formatter's echo, the Idempotency-Key's
 * canonical form) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether `text` nests `[` and `{` deeper than `max`, counted outside strings, in one pass
 * without recursion (O(n)), so it runs before JSON.parse and before anything walks the value.
 * It does not check the syntax: JSON.parse still does that for bodies that pass.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}
