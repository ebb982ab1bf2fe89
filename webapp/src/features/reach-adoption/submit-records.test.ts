import type { ApiError } from '@gebere/api-client';
import { describe, expect, it } from 'vitest';
import {
  allPairs,
  type BatchItemAnswer,
  type CallOutcome,
  type Clock,
  type RecordApi,
  type RecordPair,
  submitRecords,
} from './submit-records';

const http = (status: number): ApiError => ({
  kind: 'http',
  status,
  message: `Request failed with status code ${status}`,
  fieldErrors: {},
});
const network: ApiError = { kind: 'network', status: null, message: 'Network Error', fieldErrors: {} };

/** A clock whose sleeps return at once and are remembered. */
function fakeClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 };
}

/**
 * A backend that stores records idempotently (a set of pairs), so a test can check that
 * nothing was duplicated and everything claimed as recorded is stored.
 */
function fakeBackend() {
  const stored = new Map<string, number>(); // pair → times a call wrote it as new
  const key = (p: RecordPair) => `${p.farmer}:${p.advisory}`;
  const write = (p: RecordPair) => {
    if (!stored.has(key(p))) stored.set(key(p), 1);
  };
  return { stored, key, write };
}

const pairs = (n: number, advisory = 1) => Array.from({ length: n }, (_, i) => ({ farmer: i + 1, advisory }));

describe('submitRecords', () => {
  it('records every farmer × advisory pair in one batch call', async () => {
    const seen: RecordPair[][] = [];
    const api: RecordApi = {
      batch: async (list) => {
        seen.push(list);
        return { ok: true, data: { results: list.map((p) => ({ ...p, ok: true })) } };
      },
      single: async () => {
        throw new Error('not used');
      },
    };
    const report = await submitRecords(allPairs([1, 2, 3], [10, 20]), { api, clock: fakeClock() });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveLength(6);
    expect(report).toMatchObject({ failed: [], batchSupported: true, calls: 1 });
    expect(report.recorded).toHaveLength(6);
  });

  it('splits into batches of at most 500 and counts pairs given twice once', async () => {
    const sizes: number[] = [];
    const api: RecordApi = {
      batch: async (list) => {
        sizes.push(list.length);
        return { ok: true, data: { results: list.map((p) => ({ ...p, ok: true })) } };
      },
      single: async () => ({ ok: true, data: {} }),
    };
    const report = await submitRecords([...pairs(1200), ...pairs(10)], { api, clock: fakeClock() });
    expect(sizes.sort((a, b) => b - a)).toEqual([500, 500, 200]);
    expect(report.recorded).toHaveLength(1200);
  });

  it('counts pairs the batch refused as failed with the server message, the rest as recorded', async () => {
    const api: RecordApi = {
      batch: async (list) => ({
        ok: true,
        data: {
          results: list.map(
            (p): BatchItemAnswer =>
              p.farmer % 3 === 0
                ? {
                    ...p,
                    ok: false,
                    errors: { farmer: [`Invalid pk "${p.farmer}" - object does not exist.`] },
                  }
                : { ...p, ok: true },
          ),
        },
      }),
      single: async () => ({ ok: true, data: {} }),
    };
    const report = await submitRecords(pairs(9), { api, clock: fakeClock() });
    expect(report.recorded.map((p) => p.farmer)).toEqual([1, 2, 4, 5, 7, 8]);
    expect(report.failed.map((p) => p.farmer)).toEqual([3, 6, 9]);
    expect(report.failed[0]?.message).toBe('Invalid pk "3" - object does not exist.');
    expect(report.calls).toBe(1); // a refused pair is not retried: it would fail again
  });

  it('retries a lost batch answer with growing, jittered delays and duplicates nothing', async () => {
    const backend = fakeBackend();
    let calls = 0;
    const api: RecordApi = {
      batch: async (list) => {
        calls++;
        for (const p of list) backend.write(p); // written, but the answer is lost twice
        if (calls <= 2) return { ok: false, error: calls === 1 ? network : http(503) };
        return { ok: true, data: { results: list.map((p) => ({ ...p, ok: true })) } };
      },
      single: async () => ({ ok: true, data: {} }),
    };
    const clock = fakeClock();
    const report = await submitRecords(pairs(5), { api, clock, baseDelayMs: 400 });
    expect(report.recorded).toHaveLength(5);
    expect(report.failed).toHaveLength(0);
    expect(report.calls).toBe(3);
    expect(clock.sleeps).toEqual([300, 600]); // base·2ⁿ with equal jitter at random() = 0.5
    expect([...backend.stored.values()].every((n) => n === 1)).toBe(true);
    expect(backend.stored.size).toBe(5);
  });

  it('gives up after the last attempt and reports the pairs failed with the error', async () => {
    const api: RecordApi = {
      batch: async () => ({ ok: false, error: http(502) }),
      single: async () => ({ ok: true, data: {} }),
    };
    const clock = fakeClock();
    const report = await submitRecords(pairs(4), { api, clock, attempts: 3 });
    expect(report.recorded).toHaveLength(0);
    expect(report.failed).toHaveLength(4);
    expect(report.failed[0]?.error?.status).toBe(502);
    expect(report.calls).toBe(3);
    expect(clock.sleeps).toHaveLength(2);
  });

  it('does not retry what cannot succeed (400, 403)', async () => {
    let calls = 0;
    const api: RecordApi = {
      batch: async () => {
        calls++;
        return { ok: false, error: http(403) };
      },
      single: async () => ({ ok: true, data: {} }),
    };
    const report = await submitRecords(pairs(3), { api, clock: fakeClock() });
    expect(calls).toBe(1);
    expect(report.failed).toHaveLength(3);
  });

  it.each([404, 405])(
    'falls back to single calls, at most 6 at once, when the batch route answers %i',
    async (status) => {
      let inFlight = 0;
      let most = 0;
      const singles: RecordPair[] = [];
      const api: RecordApi = {
        batch: async () => ({ ok: false, error: http(status) }),
        single: async (p) => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 1));
          inFlight--;
          singles.push(p);
          return { ok: true, data: {} };
        },
      };
      const report = await submitRecords(pairs(20), { api, clock: fakeClock() });
      expect(report.batchSupported).toBe(false);
      expect(report.recorded).toHaveLength(20);
      expect(singles).toHaveLength(20);
      expect(most).toBe(6);
    },
  );

  it('goes straight to single calls when told the batch route is missing', async () => {
    let batches = 0;
    const api: RecordApi = {
      batch: async () => {
        batches++;
        return { ok: false, error: http(404) };
      },
      single: async () => ({ ok: true, data: {} }),
    };
    const report = await submitRecords(pairs(3), { api, clock: fakeClock(), useBatch: false });
    expect(batches).toBe(0);
    expect(report).toMatchObject({ batchSupported: false, calls: 3 });
  });

  it('single calls: retries transport failures per pair, counts each pair once', async () => {
    const backend = fakeBackend();
    const tries = new Map<number, number>();
    const api: RecordApi = {
      single: async (p): Promise<CallOutcome<unknown>> => {
        const n = (tries.get(p.farmer) ?? 0) + 1;
        tries.set(p.farmer, n);
        if (p.farmer === 2 && n === 1) {
          backend.write(p); // stored, answer lost
          return { ok: false, error: network };
        }
        if (p.farmer === 3) return { ok: false, error: http(500) }; // never recovers
        if (p.farmer === 4) return { ok: false, error: { ...http(400), message: 'Invalid pk "4"' } };
        backend.write(p);
        return { ok: true, data: {} };
      },
    };
    const report = await submitRecords(pairs(5), { api, clock: fakeClock(), attempts: 4 });
    expect(report.recorded.map((p) => p.farmer).sort()).toEqual([1, 2, 5]);
    expect(report.failed.map((p) => [p.farmer, p.message]).sort()).toEqual([
      [3, 'Request failed with status code 500'],
      [4, 'Invalid pk "4"'],
    ]);
    expect(tries.get(2)).toBe(2);
    expect(tries.get(3)).toBe(4);
    expect(tries.get(4)).toBe(1);
    expect(backend.stored.size).toBe(3);
  });

  it('asks again, alone, for a pair the batch answer left out', async () => {
    const singles: RecordPair[] = [];
    const api: RecordApi = {
      batch: async (list) => ({
        ok: true,
        data: { results: list.slice(1).map((p) => ({ ...p, ok: true })) },
      }),
      single: async (p) => {
        singles.push(p);
        return { ok: true, data: {} };
      },
    };
    const report = await submitRecords(pairs(3), { api, clock: fakeClock() });
    expect(singles).toEqual([{ farmer: 1, advisory: 1 }]);
    expect(report.recorded).toHaveLength(3);
  });

  it('reports progress from 0 to the total', async () => {
    const seen: [number, number][] = [];
    const api: RecordApi = { single: async () => ({ ok: true, data: {} }) };
    await submitRecords(pairs(4), { api, clock: fakeClock(), onProgress: (d, t) => seen.push([d, t]) });
    expect(seen[0]).toEqual([0, 4]);
    expect(seen.at(-1)).toEqual([4, 4]);
    expect(seen.map(([d]) => d)).toEqual([0, 1, 2, 3, 4]);
  });
});
