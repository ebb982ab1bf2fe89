import { z } from 'zod';

/** Database ids: positive integers. Query strings carry them as text, so accept digits too. */
export const id = z.coerce.number().int().positive();
export type Id = z.infer<typeof id>;

/**
 * Ids inside JSON bodies: a JSON number only. `id` coerces (query strings and paths carry text),
 * which in a body would take `true` as 1 and `[7]` as 7.
 */
export const bodyId = z.number().int().positive();

/**
 * Text hygiene codes: a refused string carries one of these as its custom issue's
 * `params.code`; the backend and the webapp translate it (`validation.<code>` in @gebere/i18n).
 */
export const TEXT_ISSUES = ['text_nul', 'text_surrogate', 'text_bidi', 'text_line', 'text_control'] as const;
export type TextIssue = (typeof TEXT_ISSUES)[number];

// PostgreSQL cannot store NUL in text; a lone surrogate is not valid UTF-8 either.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Bidirectional controls that reorder what is displayed (U+202E shows "exe.txt" for "txt.exe"):
 * embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, and the marks U+200E, U+200F
 * and U+061C. Refused in names and other single-line fields.
 */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/**
 * C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F): a line break or a tab in a name
 * breaks every list, summary and file it is shown in, and the rest (escape, carriage return,
 * backspace) rewrite what a terminal or a log shows. Free text keeps its line breaks (`\n`, and
 * `\r\n` as a phone's keyboard or a spreadsheet writes it).
 */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_NEWLINE = /[^\P{Cc}\n]/u;

/** What no stored string may hold, whatever it is: NUL and lone surrogates. */
const bodyIssue = (s: string): TextIssue | undefined =>
  s.includes('\u0000') ? 'text_nul' : LONE_SURROGATE.test(s) ? 'text_surrogate' : undefined;

/**
 * First hygiene problem of `s`, or undefined. Single-line text (names) refuses every control
 * character and bidi controls; free text the controls other than line breaks.
 */
export function textIssue(s: string, singleLine: boolean): TextIssue | undefined {
  const stored = bodyIssue(s);
  if (stored) return stored;
  if (singleLine && BIDI.test(s)) return 'text_bidi';
  if (singleLine) return CONTROL.test(s) ? 'text_line' : undefined;
  return CONTROL_BUT_NEWLINE.test(s.replaceAll('\r\n', '\n')) ? 'text_control' : undefined;
}

const hygiene =
  (singleLine: boolean | 'any') =>
  (s: string, ctx: z.RefinementCtx): void => {
    const code = singleLine === 'any' ? bodyIssue(s) : textIssue(s, singleLine);
    if (code) ctx.addIssue({ code: 'custom', message: code, params: { code } });
  };

/**
 * Any string of a request body: no NUL, no lone surrogate (what PostgreSQL and UTF-8 cannot
 * hold). Bidi and other controls are allowed (names that come from Telegram itself, phones).
 */
export const bodyString = (max = 255) => z.string().max(max).superRefine(hygiene('any'));

/**
 * A required, trimmed, non-empty single-line text of bounded length (names): no NUL, no lone
 * surrogate, no bidi control, no control character (line break, tab, …).
 */
export const text = (max = 255) => z.string().trim().min(1).max(max).superRefine(hygiene(true));

/**
 * A required, trimmed, non-empty free text (messages, answers): no NUL, no lone surrogate, no
 * control character but line breaks.
 */
export const longText = (max: number) => z.string().trim().min(1).max(max).superRefine(hygiene(false));

/** DRF's page shape, returned when `paginate=false` is not given. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/**
 * List routes answer a plain array with `paginate=false` and a page otherwise (DRF). The
 * screens always ask for the plain list but read either, as the spec's helpers do.
 */
export const listOrPage = <T extends z.ZodType>(item: T) => z.union([z.array(item), page(item)]);
export function asList<T>(data: T[] | Page<T>): T[] {
  return Array.isArray(data) ? data : data.results;
}

/**
 * Most rows a `paginate=false` list answers. Beyond it the backend answers the first
 * LIST_CEILING rows (in the list's order) with `X-List-Truncated: true` and `X-Total-Count`
 * (bot/src/backend/README.md). 5,000 is far above any list a screen asks for (a development
 * group has tens of farmers, the demo groups 2–5; a woreda has at most a few hundred kebeles;
 * even the 9 groups stuffed with 24,292 farmers by an attack test held ~2,700 each) and keeps one
 * answer near 250 KB of JSON and tens of ms of database time on PGlite.
 */
export const LIST_CEILING = 5_000;
/** Response headers of a `paginate=false` list (every one carries the total; truncated ones say so). */
export const LIST_TOTAL_HEADER = 'X-Total-Count';
export const LIST_TRUNCATED_HEADER = 'X-List-Truncated';

export const paginateQuery = z.object({
  paginate: z.enum(['false', 'true']).optional(),
  page: z.coerce.number().int().positive().optional(),
  page_size: z.coerce.number().int().positive().max(1000).optional(),
});

/** 400 body: `{field: [messages]}`, plus `non_field_errors` for whole-object rules. */
export const fieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrors>;
/** 401/403/404/413/429 body. */
export const detailError = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailError>;
