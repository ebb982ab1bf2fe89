import 'fake-indexeddb/auto';
import type { ApiError, ApiResult } from '@gebere/api-client';
import { vi } from 'vitest';
import type { OutboxDeps } from './outbox';
import type { OutboxRecord } from './record';

/**
 * The outbox over a fake IndexedDB and a fake server that saves each key once (like the
 * backend's idempotency: the same key replays). A "reload" is a fresh module instance over the
 * same database: nothing in memory survives it.
 */

export const offline: ApiError = { kind: 'network', status: null, message: 'Network Error', fieldErrors: {} };
export const http = (status: number, extra: Partial<ApiError> = {}): ApiError => ({
  kind: 'http',
  status,
  message: `status ${status}`,
  fieldErrors: {},
  ...extra,
});

export class FakeServer {
  online = true;
  rows = new Map<string, { id: number; route: string; input: unknown }>();
  sent: { key: string; route: string; input: unknown; authorization?: string; capturedAt: string }[] = [];
  refuse = new Map<string, ApiError>();
  /** More fields of the saved answer, by key (a farmer's new group: `development_group`). */
  extra = new Map<string, Record<string, unknown>>();
  async send(record: OutboxRecord): Promise<ApiResult<unknown>> {
    if (!this.online) return { ok: false, error: offline };
    const { key, route, input, capturedAt } = record;
    this.sent.push({
      key,
      route,
      input,
      capturedAt,
      ...(record.authorization ? { authorization: record.authorization } : {}),
    });
    const refusal = this.refuse.get(key);
    if (refusal) return { ok: false, error: refusal };
    let row = this.rows.get(key);
    if (!row) {
      row = { id: this.rows.size + 100, route, input };
      this.rows.set(key, row);
    }
    return { ok: true, status: 201, data: { id: row.id, ...this.extra.get(key) } };
  }
}

let dbCount = 0;

/**
 * A fresh module instance (a reload of the app) over the database `name`; with `user`, as that
 * Telegram user's launch sees it (owner.ts), as live.ts opens it.
 */
export async function open(name: string, server: FakeServer, extra: Partial<OutboxDeps> = {}, user?: string) {
  vi.resetModules();
  const { createOutbox } = await import('./outbox');
  const { openRecordStore } = await import('./store');
  const { ownedBy } = await import('./owner');
  const store = await openRecordStore(name);
  return createOutbox({
    store: user === undefined ? store : ownedBy(store, user),
    send: (r) => server.send(r),
    isLate: () => true,
    describe: (e) => e.detail ?? e.message,
    dependencyRefused: () => 'its group was refused',
    ...extra,
  });
}

export const newDb = () => `outbox-test-${++dbCount}`;
