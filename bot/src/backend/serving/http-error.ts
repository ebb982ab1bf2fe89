import type { FieldErrors } from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import { type MessageKey, type MessageVars, message } from './messages';

/**
 * An answer other than success, decided by a handler or by serve(). The body is made in the
 * request's language when the answer is sent, so handlers name message keys, not texts; a plain
 * string is a `{detail}` that is already final (the server's own English answers, e.g. /tg).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly render: (lang: Language) => unknown;
  constructor(
    readonly statusCode: number,
    body: string | ((lang: Language) => unknown),
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : `HTTP ${statusCode}`);
    this.render = typeof body === 'string' ? () => ({ detail: body }) : body;
  }
}

export const detailError = (status: number, key: MessageKey, vars?: MessageVars) =>
  new HttpError(status, (lang) => ({ detail: message(lang, key, vars) }));

export const notFound = () => detailError(404, 'not_found');
export const forbidden = () => detailError(403, 'forbidden');

/** Longest echo of a client's value inside a message, so a huge input is not sent back whole. */
export function echo(value: unknown): string {
  const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

type Entry = { key: MessageKey; vars?: MessageVars } | { text: string };

/** Collects 400 field messages (DRF `{field: [messages]}`); dotted paths for nested fields. */
export class FieldErrorSet {
  private readonly entries = new Map<string, Entry[]>();

  add(field: string, key: MessageKey, vars?: MessageVars): this {
    this.push(field, vars ? { key, vars } : { key });
    return this;
  }

  /** A text that is already final (for example a contract refinement's own message). */
  addText(field: string, text: string): this {
    this.push(field, { text });
    return this;
  }

  invalidPk(field: string, value: unknown): this {
    return this.add(field, 'invalid_pk', { value: echo(value) });
  }

  get size(): number {
    return this.entries.size;
  }

  render(lang: Language): FieldErrors {
    const out: FieldErrors = {};
    for (const [field, list] of this.entries)
      out[field] = list.map((e) => ('text' in e ? e.text : message(lang, e.key, e.vars)));
    return out;
  }

  toError(): HttpError {
    return new HttpError(400, (lang) => this.render(lang));
  }

  throwIfAny(): void {
    if (this.entries.size > 0) throw this.toError();
  }

  private push(field: string, entry: Entry) {
    const list = this.entries.get(field);
    if (list) list.push(entry);
    else this.entries.set(field, [entry]);
  }
}

export const fieldError = (field: string, key: MessageKey, vars?: MessageVars) =>
  new FieldErrorSet().add(field, key, vars).toError();
