import { LINK_PARAMS } from '@gebere/contract/auth';

/**
 * What the outbox keeps of one keyed write (README.md): enough to send it again after the app
 * was closed, days later, exactly once. Zod-free and SDK-free: the save protocol imports its
 * types on first load.
 */
export type OutboxState = 'pending' | 'saved' | 'refused';

/** Why the server refused a record on sync, said to the DA until they drop it. */
export interface Refusal {
  /** HTTP status, or null for a refusal the outbox decided (its dependency was refused). */
  status: number | null;
  /** The server's reason in the DA's language, or the outbox's own text. */
  reason: string;
  /** A 401 `Late-Sync-Refused`: past the grace period or outside its proof (docs/authorization.md). */
  lateSync?: 'expired' | 'outside_proof';
  /** A 400's field errors (field → message), put back on the form's fields when the DA fixes it. */
  fieldErrors?: Record<string, string>;
}

export interface OutboxRecord {
  /** The record's `Idempotency-Key`: the same key on every send, so the server replays. */
  key: string;
  /** Send order: records are synced oldest first. */
  seq: number;
  /** The contract route and its input (without the key); may hold {@link OutboxRef}s. */
  route: string;
  input: Record<string, unknown>;
  /**
   * The launch's `Authorization` value when it was captured (late sync), if it had one; dropped
   * as soon as the server answered the record (owner.ts `withoutProof`).
   */
  authorization?: string;
  /** When it was captured (ISO 8601): the `X-Captured-At` of a late send. */
  capturedAt: string;
  /** The save (one press, one reach submit) it belongs to: the chat gets one summary per batch. */
  batch: string;
  state: OutboxState;
  refusal?: Refusal;
  /**
   * Pending because the server answered its last send without saving it: the HTTP status (a 5xx,
   * 429 or 409). It waits to be sent again, not for signal; absent when no answer came at all.
   */
  serverError?: number;
  /** The server's answer once saved (a dependent record reads the saved id from it). */
  saved?: unknown;
  /**
   * Set once the chat was told about this record (by the batch's summary or the screen's own
   * hand-back): a refused record stays until dropped, a saved one a while (below).
   */
  reported?: boolean;
  /** When the server saved it (ms). Told, it stays {@link KEEP_SAVED_MS} for the records and lists that name it. */
  savedAt?: number;
  /**
   * Until when (ms) its batch may still grow ("Register another" adds farmers one by one): the
   * batch is not summed up before, unless its screen closes it.
   */
  openUntil?: number;
  /** The in-app address of the screen it was captured on (path and query), to open it again to fix it. */
  origin?: string;
  /**
   * The Telegram user who captured it (lib/launch/launch-user.ts): only their launches act on it
   * (owner.ts, which reads the stored proof's user first).
   */
  user?: string;
}

/**
 * How long a saved record stays once told: a record kept later may still name it (a farmer into
 * a group saved meanwhile, whose id it then takes), and the lists show it until the data cache
 * has it. As long as a form's draft lives (lib/forms/draft.ts), which may hold such a choice.
 */
export const KEEP_SAVED_MS = 7 * 24 * 3600 * 1000;

/** How long a batch stays open for more records without its screen: a day's visit. */
export const BATCH_OPEN_MS = 12 * 3600 * 1000;

/** Told and saved: out of sight, kept only for the records and lists that name it. */
export const isSettled = (r: OutboxRecord): boolean => r.state === 'saved' && r.reported === true;

/**
 * Stands in a record's input for a value of another record that is not saved yet (a farmer
 * into a development group created offline): replaced by `field` of that record's saved answer
 * before the record is sent.
 */
export interface OutboxRef {
  $outbox: string;
  field: string;
}

export const refTo = (key: string, field = 'id'): OutboxRef => ({ $outbox: key, field });

export const isRef = (value: unknown): value is OutboxRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OutboxRef).$outbox === 'string' &&
  typeof (value as OutboxRef).field === 'string';

/** The keys of the records this input waits for. */
export function dependencies(value: unknown, out = new Set<string>()): Set<string> {
  if (isRef(value)) out.add(value.$outbox);
  else if (Array.isArray(value)) for (const item of value) dependencies(item, out);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) dependencies(item, out);
  return out;
}

/** The input with every reference replaced by the saved value it names. */
export function resolveRefs<T>(value: T, savedValue: (ref: OutboxRef) => unknown): T {
  if (isRef(value)) return savedValue(value) as T;
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, savedValue)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, savedValue)])) as T;
  return value;
}

/**
 * The query parameter a form's screen is opened with to fix a refused record (its key):
 * components/outbox-status.tsx's Fix, lib/forms/fix.ts.
 */
export const FIX_PARAM = 'fix';

/**
 * An in-app address without what makes it a signed link's proof (its `sig` and `exp`): what a
 * settled record keeps of its origin, and what Fix compares with the screen open now.
 */
export function withoutLinkProof(address: string): string {
  const at = address.indexOf('?');
  if (at < 0) return address;
  const query = new URLSearchParams(address.slice(at + 1));
  if (!query.has(LINK_PARAMS.signature) && !query.has(LINK_PARAMS.expires)) return address;
  query.delete(LINK_PARAMS.signature);
  query.delete(LINK_PARAMS.expires);
  const search = query.toString();
  return `${address.slice(0, at)}${search ? `?${search}` : ''}`;
}

/** The in-app address of the screen now (path and query), without a fix's marker: a record's origin. */
export function screenHere(): string {
  const query = new URLSearchParams(window.location.search);
  query.delete(FIX_PARAM);
  const search = query.toString();
  return `${window.location.pathname}${search ? `?${search}` : ''}`;
}
