import type { ApiError, ApiResult } from '@gebere/api-client';
import { type HandBackResult, LIMITS, type RouteName, routes } from '@gebere/contract';
import { describeApiError } from '../api/errors';
import { withRetries } from '../api/idempotent-call';
import { api } from '../api/lazy-client';
import { t } from '../i18n/texts';
import { launchUser } from '../launch/launch-user';
import { authorization } from '../launch/proof';
import { keptEntities } from './kept';

// The "kept" toast and the one save's press (lib/forms/save.ts holds its state), in this chunk.
export { toastKept } from './kept-toast';
export { press } from './save';

import { outboxWiring } from './load';
import { createMirror, type Mirror } from './mirror';
import { createOutbox, type LiveSend, type NewRecord, type Outbox, type SyncOutcome } from './outbox';
import { ownedBy } from './owner';
import { type OutboxRecord, screenHere } from './record';
import { openRecordStore } from './store';
import { passed, publish } from './view';

/**
 * The app's one outbox (README.md), loaded after the first paint (load.ts): IndexedDB, the API
 * client, the launch's proof, the texts, and the chat's summary wired in. Where IndexedDB is
 * missing or refuses (a private WebView), there is no outbox and a save works as before.
 */

const isLate = (route: string): boolean =>
  (routes as Record<string, { policy: { lateSync?: true } }>)[route]?.policy.lateSync === true;

/** What the DA reads beside a refused record: the server's words, in their language. */
function reasonOf(error: ApiError): string {
  if (error.lateSyncRefused) return error.detail ?? t('common.outbox.late_refused');
  if (error.status === 400) {
    const fields = Object.values(error.fieldErrors).join(' ');
    return error.detail ?? (fields || describeApiError(error));
  }
  return describeApiError(error);
}

function send(record: OutboxRecord) {
  const late = isLate(record.route) && record.authorization !== undefined;
  const input = {
    ...record.input,
    idempotencyKey: record.key,
    ...(late
      ? { stored: { authorization: record.authorization as string, capturedAt: record.capturedAt } }
      : {}),
  };
  return withRetries(() => api.call(record.route as RouteName, input as never));
}

interface BatchAnswer {
  results?: { ok?: boolean; errors?: Record<string, string[]> }[];
}

/**
 * What one kept record counts for in the chat: one record, or for a batch call (reach and
 * adoption, ≤ 500 pairs) each of its pairs, saved or refused one by one by the server.
 */
function tally(record: OutboxRecord): { saved: number; refused: number; reasons: string[] } {
  if (record.state === 'refused') {
    const pairs = (record.input.body as { records?: unknown[] } | undefined)?.records?.length ?? 1;
    return { saved: 0, refused: pairs, reasons: [record.refusal?.reason ?? ''] };
  }
  const results = (record.saved as BatchAnswer | undefined)?.results;
  if (!Array.isArray(results)) return { saved: 1, refused: 0, reasons: [] };
  const refused = results.filter((r) => r.ok === false);
  return {
    saved: results.length - refused.length,
    refused: refused.length,
    reasons: refused.map((r) =>
      Object.values(r.errors ?? {})
        .flat()
        .join(', '),
    ),
  };
}

/** One summary of a settled batch for the chat: saved, refused, the first reasons. */
export function batchSummary(records: readonly OutboxRecord[]): HandBackResult {
  const tallies = records.map(tally);
  const clip = (reason: string) =>
    reason.length > LIMITS.handBackNameMax ? `${reason.slice(0, LIMITS.handBackNameMax - 1)}…` : reason;
  return {
    kind: 'records_synced',
    saved: tallies.reduce((n, x) => n + x.saved, 0),
    refused: tallies.reduce((n, x) => n + x.refused, 0),
    reasons: [...new Set(tallies.flatMap((x) => x.reasons))].filter(Boolean).slice(0, 3).map(clip),
  };
}

/** Tells the chat (telegram/hand-back.ts, wired by the app); true once delivered. */
export type TellChat = (result: HandBackResult, key: string) => Promise<boolean>;

let tell: TellChat | undefined;
let opening: Promise<Outbox | null> | undefined;

/** The DeviceStorage mirror, where the launch offers DeviceStorage (mirror.ts). */
async function deviceMirror(): Promise<Mirror | null> {
  const storage = await outboxWiring.deviceStorage?.().catch(() => null);
  return storage ? createMirror(storage) : null;
}

/**
 * The outbox of this launch's Telegram user (owner.ts): only their records, on a phone two
 * accounts may share. A launch with no known user (no initData, no signed link: a plain browser)
 * gets none: its saves are sent as where IndexedDB is missing, and nobody's records are touched.
 */
async function open(): Promise<Outbox | null> {
  const user = launchUser();
  if (user === undefined) return null;
  const opened = await openRecordStore();
  const store = ownedBy(opened, user);
  // What the phone keeps, on screen at once: before DeviceStorage (its chunk, its answers) and
  // long before the first pass has heard from a slow link.
  const view = (records: OutboxRecord[]) => publish(records, keptEntities(records));
  view(await store.all());
  const mirror = await deviceMirror();
  // IndexedDB was just created (cleared since the last open?): the mirror's records come back.
  if (mirror && opened.fresh) await mirror.restore(store).catch(() => 0);
  const show = (records: OutboxRecord[]) => {
    view(records);
    void mirror?.write(records);
  };
  const box = createOutbox({
    store,
    send,
    isLate,
    describe: reasonOf,
    dependencyRefused: () => t('common.outbox.dependency_refused'),
    summarize: async (records) =>
      !tell || tell(batchSummary(records), `outbox-${records[0]?.batch ?? ''}`.slice(0, 100)),
    onChange: show,
  });
  show(await store.all());
  return box;
}

/** The outbox, or null where IndexedDB is not there (or the launch names no user). */
export function outbox(): Promise<Outbox | null> {
  opening ??= open().catch(() => null);
  return opening;
}

/** Keeps a record before its first send (the launch's proof with it, for a late sync). */
export async function keep(entry: Omit<NewRecord, 'authorization'>): Promise<Outbox | null> {
  const box = await outbox();
  if (!box) return null;
  try {
    await box.keep({ origin: screenHere(), user: launchUser(), ...entry, authorization: authorization() });
    return box;
  } catch {
    return null; // a full or failing store: sent as before, not kept
  }
}

/**
 * The one way a write goes through the outbox: kept, then sent by the screen (`send`, keyed
 * with `entry.key`, given the input with the saved ids of the records it names); answered, it
 * is done (saved, or refused for the screen to show); with no answer, or waiting for a record
 * not saved yet, it stays, `queued`, and sync sends it later. Where there is no outbox it is
 * only sent, as given.
 */
export async function sendThrough<T>(
  entry: Omit<NewRecord, 'authorization'>,
  send: (input: Record<string, unknown>) => Promise<ApiResult<T>>,
): Promise<LiveSend<T>> {
  const box = await keep(entry);
  if (!box) return { result: await send(entry.input), queued: false };
  const sent = await box.sendLive(entry.key, (input) => send(input ?? entry.input));
  if (sent.queued) syncLater();
  return sent;
}

/** Pauses between sync passes while the signal stays away (ms), then the last one repeats. */
export const backoff: { ms: number[] } = { ms: [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] };
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** A sync pass now; with no signal, again after a growing pause. */
export async function syncSoon(): Promise<SyncOutcome | null> {
  const box = await outbox();
  if (!box) return null;
  if (timer) clearTimeout(timer);
  timer = undefined;
  const outcome = await box.sync();
  passed();
  if (outcome === 'offline') {
    const delay = backoff.ms[Math.min(attempt++, backoff.ms.length - 1)] ?? 300_000;
    timer = setTimeout(() => void syncSoon(), delay);
  } else attempt = 0;
  return outcome;
}

/** After a save went unanswered: a pass after the first pause, unless one is already planned. */
export function syncLater(): void {
  timer ??= setTimeout(() => void syncSoon(), backoff.ms[0] ?? 5_000);
}

let started = false;

/** At every open (after the first paint): sync now, and whenever the signal returns. */
export function startOutbox(options: { tell?: TellChat } = {}): Promise<SyncOutcome | null> {
  tell = options.tell ?? tell;
  if (!started) {
    started = true;
    window.addEventListener('online', () => {
      attempt = 0;
      void syncSoon();
    });
  }
  return syncSoon();
}

export function resetOutboxForTests(): void {
  opening = undefined;
  tell = undefined;
  started = false;
  attempt = 0;
  if (timer) clearTimeout(timer);
  timer = undefined;
}
