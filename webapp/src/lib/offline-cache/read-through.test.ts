import type { ApiResult } from '@gebere/api-client/transport';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshIndexedDb } from '../../test-kit/indexed-db';
import { outsideTelegram, setLaunchForTests } from '../launch/launch';
import { KEPT_STATUS, readThrough, resetAsOfForTests, useAsOf } from './read-through';
import { closeForTests, keep, kept } from './store';

const KEY = ['listDevelopmentGroups', { query: { kebele: 42 } }];
const live: ApiResult<string[]> = { ok: true, status: 200, data: ['live'] };
const refused: ApiResult<string[]> = {
  ok: false,
  error: { kind: 'http', status: 403, message: 'Forbidden', fieldErrors: {} },
};
const broken: ApiResult<string[]> = {
  ok: false,
  error: { kind: 'http', status: 503, message: 'Service Unavailable', fieldErrors: {} },
};
const noAnswer: ApiResult<string[]> = {
  ok: false,
  error: { kind: 'network', status: null, message: 'Network Error', fieldErrors: {} },
};

/** A network answer the test gives when it likes: the request is in flight until then. */
function pending() {
  let answer: (result: ApiResult<string[]>) => void = () => {};
  const result = new Promise<ApiResult<string[]>>((resolve) => {
    answer = resolve;
  });
  return { fetch: () => result, answer };
}

/** Under a service worker (a warm open) or not (a cold one). */
const controlled = (yes: boolean) =>
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: yes ? {} : null } });

describe('reads drawn from the phone at once on a warm open', () => {
  beforeEach(async () => {
    await freshIndexedDb();
    resetAsOfForTests();
    window.history.replaceState(null, '', '/farmer_registration');
    setLaunchForTests({ ...outsideTelegram, userId: 501 });
    await keep(KEY, ['kept'], Date.now() - 3_600_000);
  });
  afterEach(async () => {
    await closeForTests();
    vi.unstubAllGlobals();
    setLaunchForTests(undefined);
  });

  it('answers the kept list while the request is in flight, then hands on the server’s', async () => {
    controlled(true);
    const network = pending();
    const later = vi.fn();
    const first = await readThrough(KEY, network.fetch, later);
    expect(first).toEqual({ ok: true, status: KEPT_STATUS, data: ['kept'] });
    expect(later).not.toHaveBeenCalled();
    network.answer(live);
    await waitFor(() => expect(later).toHaveBeenCalledWith(live));
  });

  it('a refusal that follows wins over the kept list, and the kept list is forgotten', async () => {
    controlled(true);
    const network = pending();
    const later = vi.fn();
    expect((await readThrough(KEY, network.fetch, later)).ok).toBe(true);
    network.answer(refused);
    await waitFor(() => expect(later).toHaveBeenCalledWith(refused));
    await waitFor(async () => expect(await kept(KEY)).toBeUndefined());
  });

  it('no answer at all, or a broken server, leaves the kept list, now with its "as of" line', async () => {
    for (const answer of [noAnswer, broken]) {
      controlled(true);
      resetAsOfForTests();
      const network = pending();
      const later = vi.fn();
      await readThrough(KEY, network.fetch, later);
      const asOf = renderHook(() => useAsOf());
      expect(asOf.result.current).toBeUndefined();
      network.answer(answer);
      await waitFor(() => expect(asOf.result.current).toBeTypeOf('number'));
      expect(later).not.toHaveBeenCalled();
      expect((await kept(KEY))?.data).toEqual(['kept']);
      asOf.unmount();
    }
  });

  it('a cold open (no worker) waits for the server, as does a read that cannot redraw', async () => {
    for (const [worker, later] of [
      [false, vi.fn()],
      [true, undefined],
    ] as const) {
      controlled(worker);
      const network = pending();
      const read = readThrough(KEY, network.fetch, later);
      let settled = false;
      void read.then(() => {
        settled = true;
      });
      await kept(KEY); // the store has had its turn
      expect(settled).toBe(false);
      network.answer(live);
      expect(await read).toEqual(live);
    }
  });

  it('a refusal without a kept answer shown forgets the kept one too', async () => {
    controlled(false);
    expect(await readThrough(KEY, async () => refused)).toEqual(refused);
    await waitFor(async () => expect(await kept(KEY)).toBeUndefined());
  });
});
