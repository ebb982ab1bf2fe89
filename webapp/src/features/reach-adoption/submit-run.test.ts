import type { ApiError, ApiResult } from '@gebere/api-client';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import { describe, expect, it } from 'vitest';
import { withRetries } from '../../lib/api/idempotent-call';
import { type SendOptions, sendRecords } from '../../lib/outbox/save';
import { allPairs, type RecordPair, uniquePairs } from './pairs';
import { backoff, pairRecords, sending, tally } from './submit-run';

// Reach's records (pairRecords: batches of ≤ 500 pairs, or single calls) sent by the save core
// (sendRecords), over a fake `call`; no launch user here, so no outbox: sent, not kept.

const http = (status: number, extra: Partial<ApiError> = {}): ApiError => ({
  kind: 'http',
  status,
  message: `Request failed with status code ${status}`,
  fieldErrors: {},
  ...extra,
});
const network: ApiError = { kind: 'network', status: null, message: 'Network Error', fieldErrors: {} };

type Answer = ApiResult<unknown>;
const ok = (data: unknown): Answer => ({ ok: true, status: 201, data });
const fail = (error: ApiError): Answer => ({ ok: false, error });
const allOk = (list: RecordPair[]) => ok({ results: list.map((p) => ({ ...p, ok: true })) });

/** A fake backend: `batch` and `single` answer the calls; every call is counted. */
function backend(api: {
  batch?(list: RecordPair[]): Promise<Answer>;
  single?(p: RecordPair): Promise<Answer>;
}) {
  const seen = { calls: 0, batches: [] as RecordPair[][], singles: [] as RecordPair[], keys: [] as string[] };
  const call = (async (route: string, input: { body: Record<string, unknown>; idempotencyKey?: string }) => {
    seen.calls++;
    seen.keys.push(input.idempotencyKey ?? '');
    if (route.endsWith('Batch')) {
      const list = input.body.records as RecordPair[];
      seen.batches.push(list);
      return api.batch ? api.batch(list) : fail(http(404));
    }
    const pair = { farmer: input.body.farmer as number, advisory: input.body.advisory as number };
    seen.singles.push(pair);
    return api.single ? api.single(pair) : ok({});
  }) as unknown as NonNullable<SendOptions['call']>;
  return { seen, call };
}

/** Records `pairs` as a submit does, retried without pauses (backoff's values are tested apart). */
async function submit(
  pairs: readonly RecordPair[],
  call: NonNullable<SendOptions['call']>,
  options: { batchSupported?: boolean; onProgress?(done: number, total: number): void } = {},
) {
  const of = { kind: 'reach' as const, daId: 7, batchSupported: { current: options.batchSupported ?? true } };
  const records = pairRecords(of, uniquePairs(pairs));
  const outcomes = await sendRecords(
    records.map((record) => ({ record, key: newIdempotencyKey() })),
    {
      ...sending,
      retry: (send) => withRetries(send, [0, 0, 0]),
      call,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    },
  );
  const t = tally(outcomes);
  return { ...t, failed: [...t.refused, ...t.unconfirmed], batchSupported: of.batchSupported.current };
}

const pairs = (n: number, advisory = 1) => Array.from({ length: n }, (_, i) => ({ farmer: i + 1, advisory }));

/** A backend that stores records idempotently, to check nothing was duplicated. */
function store() {
  const stored = new Map<string, number>();
  return { stored, write: (p: RecordPair) => stored.set(`${p.farmer}:${p.advisory}`, 1) };
}

describe('reach and adoption records through the save core', () => {
  it('records every farmer × advisory pair in one batch call', async () => {
    const { seen, call } = backend({ batch: async (list) => allOk(list) });
    const report = await submit(allPairs([1, 2, 3], [10, 20]), call);
    expect(seen.batches).toHaveLength(1);
    expect(seen.batches[0]).toHaveLength(6);
    expect(report).toMatchObject({ failed: [], batchSupported: true });
    expect(seen.calls).toBe(1);
    expect(report.recorded).toHaveLength(6);
  });

  it('splits into batches of at most 500 and counts pairs given twice once', async () => {
    const { seen, call } = backend({ batch: async (list) => allOk(list) });
    const report = await submit([...pairs(1200), ...pairs(10)], call);
    expect(seen.batches.map((b) => b.length).sort((a, b) => b - a)).toEqual([500, 500, 200]);
    expect(report.recorded).toHaveLength(1200);
  });

  it('counts pairs the batch refused as failed with the server message, the rest as recorded', async () => {
    const { seen, call } = backend({
      batch: async (list) =>
        ok({
          results: list.map((p) =>
            p.farmer % 3 === 0
              ? { ...p, ok: false, errors: { farmer: [`Invalid pk "${p.farmer}" - object does not exist.`] } }
              : { ...p, ok: true },
          ),
        }),
    });
    const report = await submit(pairs(9), call);
    expect(report.recorded.map((p) => p.farmer)).toEqual([1, 2, 4, 5, 7, 8]);
    expect(report.failed.map((p) => p.farmer)).toEqual([3, 6, 9]);
    expect(report.refused[0]?.reason).toBe('Invalid pk "3" - object does not exist.');
    expect(seen.calls).toBe(1); // a refused pair is not retried: it would fail again
  });

  it('retries a lost batch answer with the same key and duplicates nothing', async () => {
    const backendStore = store();
    let n = 0;
    const { seen, call } = backend({
      batch: async (list) => {
        n++;
        for (const p of list) backendStore.write(p); // written, but the answer is lost twice
        if (n <= 2) return fail(n === 1 ? network : http(503));
        return allOk(list);
      },
    });
    const report = await submit(pairs(5), call);
    expect(report.recorded).toHaveLength(5);
    expect(report.failed).toHaveLength(0);
    expect(seen.calls).toBe(3);
    expect(new Set(seen.keys).size).toBe(1); // one record, one Idempotency-Key, every try
    expect(backendStore.stored.size).toBe(5);
  });

  it('waits growing, jittered delays between the retries: base·2ⁿ, capped, equal jitter', () => {
    expect(backoff(() => 0.5)).toEqual([300, 600, 1200]); // at random() = 0.5
    expect(backoff(() => 0)).toEqual([200, 400, 800]); // never 0
    expect(backoff(() => 0.999).every((ms) => ms <= 5000)).toBe(true);
  });

  it('gives up after the last attempt and reports the pairs failed with the error', async () => {
    const { seen, call } = backend({ batch: async () => fail(http(502)) });
    const report = await submit(pairs(4), call);
    expect(report.recorded).toHaveLength(0);
    expect(report.failed).toHaveLength(4);
    expect(report.refused[0]?.reason).toBe('Request failed with status code 502');
    expect(seen.calls).toBe(4); // the first try and three retries
  });

  it('does not retry what cannot succeed (400, 403)', async () => {
    for (const status of [400, 403]) {
      const { seen, call } = backend({ batch: async () => fail(http(status)) });
      const report = await submit(pairs(3), call);
      expect(seen.calls).toBe(1);
      expect(report.failed).toHaveLength(3);
    }
  });

  it.each([404, 405])(
    'falls back to single calls, at most 6 at once, when the batch route answers %i',
    async (status) => {
      let inFlight = 0;
      let most = 0;
      const { seen, call } = backend({
        batch: async () => fail(http(status)),
        single: async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 1));
          inFlight--;
          return ok({});
        },
      });
      const report = await submit(pairs(20), call);
      expect(report.batchSupported).toBe(false);
      expect(report.recorded).toHaveLength(20);
      expect(seen.singles).toHaveLength(20);
      expect(most).toBe(6);
    },
  );

  it('goes straight to single calls when told the batch route is missing', async () => {
    const { seen, call } = backend({ batch: async () => fail(http(404)) });
    const report = await submit(pairs(3), call, { batchSupported: false });
    expect(seen.batches).toHaveLength(0);
    expect(report.batchSupported).toBe(false);
    expect(seen.calls).toBe(3);
  });

  it('single calls: retries transport failures per pair, counts each pair once', async () => {
    const backendStore = store();
    const tries = new Map<number, number>();
    const { call } = backend({
      single: async (p) => {
        const n = (tries.get(p.farmer) ?? 0) + 1;
        tries.set(p.farmer, n);
        if (p.farmer === 2 && n === 1) {
          backendStore.write(p); // stored, answer lost
          return fail(network);
        }
        if (p.farmer === 3) return fail(http(500)); // never recovers
        if (p.farmer === 4) return fail(http(400, { detail: 'Invalid pk "4"' }));
        backendStore.write(p);
        return ok({});
      },
    });
    const report = await submit(pairs(5), call, { batchSupported: false });
    expect(report.recorded.map((p) => p.farmer).sort()).toEqual([1, 2, 5]);
    expect(report.refused.map((p) => [p.farmer, p.reason]).sort()).toEqual([
      [3, 'Request failed with status code 500'],
      [4, 'Invalid pk "4"'],
    ]);
    expect(tries.get(2)).toBe(2);
    expect(tries.get(3)).toBe(4);
    expect(tries.get(4)).toBe(1);
    expect(backendStore.stored.size).toBe(3);
  });

  it('counts a pair that never got an answer as unconfirmed, not refused (it may be saved)', async () => {
    const { call } = backend({ batch: async () => fail(network) });
    const report = await submit(pairs(2), call);
    expect(report.unconfirmed).toHaveLength(2);
    expect(report.refused).toHaveLength(0);
  });

  it('asks again, alone, for a pair the batch answer left out', async () => {
    const { seen, call } = backend({
      batch: async (list) => ok({ results: list.slice(1).map((p) => ({ ...p, ok: true })) }),
    });
    const report = await submit(pairs(3), call);
    expect(seen.singles).toEqual([{ farmer: 1, advisory: 1 }]);
    expect(report.recorded).toHaveLength(3);
  });

  it('reports progress from 0 to the total', async () => {
    const progress: [number, number][] = [];
    const { call } = backend({});
    await submit(pairs(4), call, { batchSupported: false, onProgress: (d, t) => progress.push([d, t]) });
    expect(progress[0]).toEqual([0, 4]);
    expect(progress.at(-1)).toEqual([4, 4]);
    expect(progress.map(([d]) => d)).toEqual([0, 1, 2, 3, 4]);
  });
});
