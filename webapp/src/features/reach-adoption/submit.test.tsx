import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelays } from '../../lib/api/idempotent-call';
import { loadApiClient } from '../../lib/api/lazy-client';
import { installFakeFetch, json, route, type SeenRequest } from '../../test-kit/fake-fetch';
import { whenEnabled } from '../../test-kit/render';
import {
  ADVISORIES,
  checkbox,
  FARMERS,
  fakeBackend,
  openScreen,
  refuseFarmerInBatch,
  selectSixPairs,
} from './test-kit';

configure({ asyncUtilTimeout: 5000 });

const submit = () => screen.getByRole('button', { name: 'Submit' });
const posts = (requests: SeenRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.path === `/backend${path}`);
const handBacks = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/tg/result');
const PAIRS = ADVISORIES.flatMap((advisory) => FARMERS.map((farmer) => ({ farmer, advisory })));

describe('Reach and adoption: submit', { timeout: 30_000 }, () => {
  beforeAll(() => loadApiClient(), 30_000);
  beforeEach(() => vi.unstubAllGlobals());

  it('asks for at least one farmer, then at least one advisory, and sends nothing', async () => {
    const { requests } = installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup({ delay: null });
    openScreen('reach', { selectedids: '11' });
    await screen.findByRole('checkbox', { name: 'Abebe Kebede' });
    await user.click(submit());
    expect(screen.getAllByText('Please select atleast one farmer').length).toBeGreaterThanOrEqual(2); // toast + list
    expect(screen.getByText('Please select atleast one advisory')).toBeInTheDocument(); // under the hierarchy
    await user.click(checkbox('Abebe Kebede'));
    expect(screen.queryAllByText('Please select atleast one farmer')).toHaveLength(1); // only the toast is left
    await user.click(submit());
    expect(screen.getAllByText('Please select atleast one advisory').length).toBeGreaterThanOrEqual(2);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('records every farmer × advisory pair in one batch call, toasts and hands back the counts', async () => {
    const backend = fakeBackend();
    const { requests } = installFakeFetch(backend.handler);
    const user = userEvent.setup({ delay: null });
    openScreen('reach');
    await selectSixPairs(user);
    await user.click(submit());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const [batch] = posts(requests, '/api/reach-farmers/batch/');
    expect(batch?.body).toEqual({ user: 7, records: expect.arrayContaining(PAIRS) });
    expect((batch?.body as { records: unknown[] } | undefined)?.records).toHaveLength(6);
    expect(handBacks(requests)[0]?.body).toEqual({
      result: { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0, unconfirmed: 0 },
    });
    expect(screen.getByText('Reach recorded successfully.')).toBeInTheDocument();
    expect(backend.stored.size).toBe(6);
  });

  it('adoption: records SELF_REPORTED adoption as the DA and hands back adoption_recorded', async () => {
    const { requests } = installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup({ delay: null });
    openScreen('adoption');
    await selectSixPairs(user);
    await user.click(submit());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const [batch] = posts(requests, '/api/adoption/batch/');
    expect(batch?.body).toMatchObject({ created_by: 7, adoption_type: 'SELF_REPORTED' });
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'adoption_recorded',
        farmers: 3,
        advisories: 2,
        recorded: 6,
        failed: 0,
        unconfirmed: 0,
      },
    });
    expect(screen.getByText('Adoption recorded successfully.')).toBeInTheDocument();
  });

  it('hands back at once with the refused pairs counted and the first reason, duplicating nothing', async () => {
    let calls = 0;
    const backend = fakeBackend({
      batch: (req) => {
        calls++;
        if (calls === 1) return json(503, {}); // answer lost: the engine retries by itself
        if (calls !== 2) return undefined; // refuseFarmerInBatch asks the fake for the rest
        // Almaz's two pairs are refused; the rest are recorded.
        return refuseFarmerInBatch(backend, req, 102, 'Database busy, try later.');
      },
    });
    const { requests } = installFakeFetch(backend.handler);
    const user = userEvent.setup({ delay: null });
    openScreen('reach');
    await selectSixPairs(user);
    await user.click(submit());
    // Spec §4: the summary goes even though some records failed; no Retry/Continue to press.
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'reach_recorded',
        farmers: 3,
        advisories: 2,
        recorded: 4,
        failed: 2,
        unconfirmed: 0,
        reason: 'Database busy, try later.',
      },
    });
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Reach recorded successfully.')).not.toBeInTheDocument();
    expect(posts(requests, '/api/reach-farmers/batch/')).toHaveLength(2);
    expect(backend.stored.size).toBe(4);
    expect([...backend.stored.values()].every((n) => n === 1)).toBe(true);
  });

  it('with no outbox, counts a 500 after the retries as refused, with its reason, and still hands back', async () => {
    const backend = fakeBackend({ batch: () => json(500, {}) });
    const { requests } = installFakeFetch(backend.handler);
    const user = userEvent.setup({ delay: null });
    openScreen('reach');
    await selectSixPairs(user);
    await user.click(submit());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    // The first try and the one save's retries (lib/api/idempotent-call.ts), as every form's.
    expect(posts(requests, '/api/reach-farmers/batch/')).toHaveLength(1 + retryDelays.ms.length);
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'reach_recorded',
        farmers: 3,
        advisories: 2,
        recorded: 0,
        failed: 6,
        unconfirmed: 0,
        reason: 'Request failed with status code 500',
      },
    });
    expect(screen.queryByText('Reach recorded successfully.')).not.toBeInTheDocument();
  });

  it('falls back to single calls when the backend has no batch route, retrying a failed one', async () => {
    let failedOnce = false;
    const backend = fakeBackend({
      batch: () => json(404, { detail: 'Not found.' }),
      single: (req) => {
        const body = req.body as { farmer: number; advisory: number };
        if (!failedOnce && body.farmer === 103) {
          failedOnce = true;
          return json(502, {});
        }
        return undefined;
      },
    });
    const { requests } = installFakeFetch(backend.handler);
    const user = userEvent.setup({ delay: null });
    openScreen('reach');
    await selectSixPairs(user);
    await user.click(submit());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const singles = posts(requests, '/api/reach-farmers/');
    expect(singles).toHaveLength(7);
    expect(singles.map((r) => r.body)).toEqual(expect.arrayContaining(PAIRS.map((p) => ({ ...p, user: 7 }))));
    expect(posts(requests, '/api/reach-farmers/batch/')).toHaveLength(1);
    expect(handBacks(requests)[0]?.body).toMatchObject({ result: { recorded: 6, failed: 0 } });
    expect(backend.stored.size).toBe(6);
  });

  it("shows 'Recording {{done}} of {{total}}…' while a long submit runs", async () => {
    const releases: (() => void)[] = [];
    const backend = fakeBackend({
      batch: () => json(405, {}),
      single: () => new Promise<undefined>((resolve) => releases.push(() => resolve(undefined))),
    });
    const { requests } = installFakeFetch(backend.handler);
    const user = userEvent.setup({ delay: null });
    openScreen('reach');
    await selectSixPairs(user);
    await user.click(submit());
    expect(await screen.findByText('Recording 0 of 6…')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(checkbox('Abebe Kebede')).toBeDisabled();
    await waitFor(() => expect(releases).toHaveLength(6)); // six at once
    for (const release of releases.splice(0, 2)) release();
    expect(await screen.findByText('Recording 2 of 6…')).toBeInTheDocument();
    for (const release of releases.splice(0)) release();
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
  });

  it('when only the hand-back failed, a second press retries the hand-back and records nothing again', async () => {
    let tries = 0;
    const backend = fakeBackend();
    const { requests } = installFakeFetch(
      route('POST', '/tg/result', () =>
        ++tries === 1 ? json(502, {}) : json(200, { delivered: 'chat_message' }),
      ),
      backend.handler,
    );
    const user = userEvent.setup({ delay: null });
    openScreen('reach');
    await selectSixPairs(user);
    await user.click(submit());
    expect(await screen.findByText('Error sending message to bot, please try again')).toBeInTheDocument();
    await user.click(await whenEnabled(submit));
    await waitFor(() => expect(tries).toBe(2));
    expect(posts(requests, '/api/reach-farmers/batch/')).toHaveLength(1);
    expect(handBacks(requests)[1]?.body).toMatchObject({ result: { recorded: 6, failed: 0 } });
  });
});
