import 'fake-indexeddb/auto';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadApiClient } from '../../lib/api/lazy-client';
import { outbox, resetOutboxForTests, startOutbox } from '../../lib/outbox/live';
import { resetOutboxViewForTests } from '../../lib/outbox/view';
import { tellChat } from '../../telegram';
import { installFakeFetch, json, type SeenRequest } from '../../test-kit/fake-fetch';
import { fakeBackend, openScreen, refuseFarmerInBatch, selectSixPairs, submitSixPairs } from './test-kit';

/**
 * Field faults on submit (spec §4: the summary goes and the app closes even if some records
 * failed): records refused by the server (not saved, with the reason), records that got no
 * answer (kept in the outbox and sent when the signal returns, or, with no outbox, maybe saved),
 * counted apart in what is handed back. `backendOffFor` has no batch route, so each pair is its
 * own call and faults hit single pairs.
 */

configure({ asyncUtilTimeout: 5000 });

const handBacks = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/tg/result');

/** A backend without the batch route where `farmer`'s calls get no answer while `offline.on`. */
function backendOffFor(farmer: number, offline: { on: boolean }, refuse?: number) {
  return fakeBackend({
    batch: () => json(404, { detail: 'Not found.' }),
    single: (req) => {
      const body = req.body as { farmer: number };
      if (body.farmer === refuse) return json(400, { non_field_errors: ['Farmer is not in your kebele.'] });
      if (offline.on && body.farmer === farmer) throw new TypeError('Failed to fetch');
      return undefined;
    },
  });
}

describe('Reach and adoption: refused, unconfirmed, kept for the signal', { timeout: 30_000 }, () => {
  beforeAll(() => loadApiClient(), 30_000);
  beforeEach(() => {
    vi.unstubAllGlobals();
    vi.stubGlobal('indexedDB', undefined); // no outbox (a WebView without IndexedDB) unless stubbed below
    resetOutboxForTests();
    resetOutboxViewForTests();
  });

  it('with no outbox, hands back at once, counting records with no answer as unconfirmed', async () => {
    const backend = backendOffFor(103, { on: true });
    const { requests } = installFakeFetch(backend.handler);
    await submitSixPairs('reach');
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(handBacks(requests)[0]?.body).toEqual({
      result: { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 4, failed: 0, unconfirmed: 2 },
    });
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('counts refused and unconfirmed records apart, never one record in both, with the reason', async () => {
    // Almaz (102) is refused with a 400; Chala (103) gets no answer; Abebe (101) is recorded.
    const backend = backendOffFor(103, { on: true }, 102);
    const { requests } = installFakeFetch(backend.handler);
    await submitSixPairs('adoption');
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'adoption_recorded',
        farmers: 3,
        advisories: 2,
        recorded: 2,
        failed: 2,
        unconfirmed: 2,
        reason: 'Farmer is not in your kebele.', // the server's own text of the refusal
      },
    });
    expect(screen.queryByText('Adoption recorded successfully.')).not.toBeInTheDocument();
  });

  describe('with the outbox', () => {
    beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));

    /** A backend with the batch route, unreachable (and the companion server too) while `offline.on`. */
    function fieldBackend(offline: { on: boolean }, refuse?: number) {
      const backend = fakeBackend({
        batch: (req) => {
          if (offline.on) throw new TypeError('Failed to fetch');
          const records = (req.body as { records: { farmer: number }[] }).records;
          if (refuse === undefined || !records.some((r) => r.farmer === refuse)) return undefined;
          return refuseFarmerInBatch(backend, req, refuse, 'Farmer is not in your kebele.');
        },
      });
      const fake = installFakeFetch((req) => {
        if (req.path === '/tg/result') {
          if (offline.on) throw new TypeError('Failed to fetch');
          return json(200, { delivered: 'chat_message' });
        }
        return undefined;
      }, backend.handler);
      return { backend, ...fake };
    }

    async function submitOffline(offline: { on: boolean }) {
      const user = userEvent.setup({ delay: null });
      openScreen('reach');
      await selectSixPairs(user);
      offline.on = true;
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(
        await screen.findByText(
          'No signal: the record is kept on this phone and will be sent when the signal returns.',
        ),
      ).toBeInTheDocument();
      expect(await screen.findByText('1 record waiting for signal')).toBeInTheDocument();
    }

    it('keeps the pairs with no signal, then sends them once, and the chat gets one summary', async () => {
      const offline = { on: false };
      const { backend, requests } = fieldBackend(offline);
      await submitOffline(offline);
      expect(backend.stored.size).toBe(0);

      offline.on = false;
      await startOutbox({ tell: tellChat });
      await startOutbox({ tell: tellChat }); // the next open: nothing sent or told twice
      expect(backend.stored.size).toBe(6);
      expect([...backend.stored.values()].every((n) => n === 1)).toBe(true);
      const summaries = requests.filter((r) => r.path === '/tg/result').map((r) => r.body);
      // The hand-back with no signal did not go; the batch's summary did, once.
      expect(summaries.at(-1)).toEqual({
        result: { kind: 'records_synced', saved: 6, refused: 0, reasons: [] },
      });
      expect(new Set(summaries.map((b) => JSON.stringify(b))).size).toBe(summaries.length);
      expect(await (await outbox())?.list()).toEqual([]);
      expect(await screen.findByText('All saved')).toBeInTheDocument();
      // Sent keyed, with the proof the records were captured under.
      const late = requests.filter((r) => r.path === '/backend/api/reach-farmers/batch/').at(-1);
      expect(late?.headers['Idempotency-Key']).toBeTruthy();
      expect(late?.headers['X-Captured-At']).toMatch(/^\d{4}-/);
    });

    it('keeps the unanswered pairs as single calls for a backend without the batch route', async () => {
      const offline = { on: true };
      const backend = backendOffFor(103, offline);
      const { requests } = installFakeFetch((req) => {
        if (req.path === '/tg/result') return json(200, { delivered: 'chat_message' });
        return undefined;
      }, backend.handler);
      await submitSixPairs('reach');
      await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
      // Spec §4: the summary goes at once; Chala's two pairs wait in the outbox.
      expect(handBacks(requests)[0]?.body).toEqual({
        result: {
          kind: 'reach_recorded',
          farmers: 3,
          advisories: 2,
          recorded: 4,
          failed: 0,
          unconfirmed: 0,
          queued: 2,
        },
      });
      expect((await (await outbox())?.list())?.map((r) => r.route)).toEqual(['createReach', 'createReach']);

      offline.on = false;
      await startOutbox({ tell: tellChat });
      expect(backend.stored.size).toBe(6);
      expect([...backend.stored.values()].every((n) => n === 1)).toBe(true);
      expect(handBacks(requests).at(-1)?.body).toEqual({
        result: { kind: 'records_synced', saved: 2, refused: 0, reasons: [] },
      });
    });

    it('reports the pairs refused on sync in the chat with the reason', async () => {
      const offline = { on: false };
      const { backend, requests } = fieldBackend(offline, 102);
      await submitOffline(offline);
      offline.on = false;
      await startOutbox({ tell: tellChat });
      expect(backend.stored.size).toBe(4);
      expect(requests.filter((r) => r.path === '/tg/result').at(-1)?.body).toEqual({
        result: { kind: 'records_synced', saved: 4, refused: 2, reasons: ['Farmer is not in your kebele.'] },
      });
    });
  });
});
