import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadApiClient } from '../../lib/api/lazy-client';
import { keep, outbox, resetOutboxForTests, startOutbox } from '../../lib/outbox/live';
import { refTo } from '../../lib/outbox/record';
import { tellChat } from '../../telegram';
import { installFakeFetch, json, type SeenRequest } from '../../test-kit/fake-fetch';
import { freshOutbox, KEPT_OFFLINE } from '../../test-kit/outbox';
import { openAt, signedQuery } from '../../test-kit/render';
import { DA, fakeBackend, farmers, KEBELE, openScreen } from './test-kit';

configure({ asyncUtilTimeout: 5000 });

/**
 * Field mode: groups and farmers registered without signal are on the reach and adoption
 * lists (marked as waiting), and their pairs wait in the outbox for them, then are saved once
 * with their ids.
 */

const person = (name: string) => ({ farmer_name: name, father_name: 'Bekele', grand_father_name: 'Desta' });

/**
 * Kept offline by the DA (the link's Telegram user: the outbox keeps only a known user's
 * records): a group in the DA's kebele with Almaz in it, and Hana into the existing Tesfa (11).
 */
async function keepOfflineWork() {
  openAt(`/record_reach?${signedQuery({ user_id: DA })}`);
  await keep({
    key: 'group-lemlem',
    route: 'createDevelopmentGroup',
    input: { body: { group_name: 'Lemlem', group_type: 'mixed', kebele: KEBELE, created_by: DA } },
  });
  await keep({
    key: 'farmer-almaz',
    route: 'createFarmer',
    input: {
      body: { ...person('Almaz'), kebele: KEBELE, outbound_development_group: refTo('group-lemlem') },
    },
  });
  await keep({
    key: 'farmer-hana',
    route: 'createFarmer',
    input: { body: { ...person('Hana'), kebele: KEBELE, outbound_development_group: 11 } },
  });
}

/** The backend of test-kit.ts, and the farmer and group posts, all unreachable while `offline.on`. */
function fieldBackend(offline: { on: boolean }) {
  const backend = fakeBackend();
  let next = 900;
  const added: number[] = [];
  const people = (req: SeenRequest) => {
    if (req.method !== 'POST' && req.path !== '/tg/result') return undefined;
    if (offline.on) throw new TypeError('Failed to fetch');
    const body = req.body as Record<string, unknown>;
    if (req.path === '/backend/api/development-groups/') return json(201, { id: next++, ...body });
    if (req.path !== '/backend/api/farmer-profiles/') return undefined;
    const id = next++;
    const group = Number(body.outbound_development_group);
    // The fake backend records pairs only for farmers it lists.
    farmers[group] = [...(farmers[group] ?? []), { id, ...person(String(body.farmer_name)) }];
    added.push(group);
    return json(201, {
      id,
      ...body,
      phone_number: '911000000',
      gender: 'female',
      development_group: group,
      created_by: DA,
    });
  };
  const fake = installFakeFetch(people, backend.handler);
  const restore = () => {
    for (const g of added) farmers[g] = (farmers[g] ?? []).filter((f) => f.id < 900);
  };
  return { backend, restore, ...fake };
}

describe('Reach with farmers kept on the phone', { timeout: 40_000 }, () => {
  beforeAll(() => loadApiClient(), 30_000);
  beforeEach(async () => {
    vi.unstubAllGlobals();
    await freshOutbox();
    cleanup();
  });
  afterEach(() => resetOutboxForTests());

  it('lists them under their groups, keeps their pairs until they are saved, then saves each once', async () => {
    const offline = { on: true };
    const { backend, requests, restore } = fieldBackend(offline);
    try {
      await keepOfflineWork();
      const user = userEvent.setup({ delay: null });
      openScreen('reach', { selectedids: '11', kept: 'group-lemlem' });

      await user.click(await screen.findByRole('button', { name: /^Tesfa/ }));
      const hana = await screen.findByRole('checkbox', { name: 'Hana Bekele Desta (waiting for signal)' });
      await user.click(await screen.findByRole('button', { name: /^Lemlem/ }));
      const almaz = await screen.findByRole('checkbox', { name: 'Almaz Bekele Desta (waiting for signal)' });
      await user.click(hana);
      await user.click(almaz);
      await user.click(await screen.findByRole('checkbox', { name: 'Animal science' }));
      await screen.findByRole('checkbox', { name: 'Silage making' });
      expect(screen.getByText('2 farmers and 1 advisory selected')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByText(KEPT_OFFLINE)).toBeInTheDocument();
      expect(backend.stored.size).toBe(0);

      offline.on = false;
      await startOutbox({ tell: tellChat });
      await waitFor(async () => expect((await (await outbox())?.list())?.length).toBe(0));
      // Lemlem first, then its farmer with its id; Hana into Tesfa; then their pairs.
      const hanaId = farmers[11]?.find((f) => f.farmer_name === 'Hana')?.id;
      const almazId = farmers[900]?.find((f) => f.farmer_name === 'Almaz')?.id;
      expect([...backend.stored.entries()].sort()).toEqual(
        [
          [`${almazId}:9`, 1],
          [`${hanaId}:9`, 1],
        ].sort(),
      );
      const summaries = requests.filter((r) => r.path === '/tg/result').map((r) => r.body);
      expect(summaries).toContainEqual({
        result: { kind: 'records_synced', saved: 2, refused: 0, reasons: [] },
      });
    } finally {
      restore();
    }
  });

  it('adoption lists a farmer kept on the phone only once a reach record for it is kept too', async () => {
    const offline = { on: true };
    const { restore } = fieldBackend(offline);
    try {
      await keepOfflineWork();
      await keep({
        key: 'reach-almaz',
        route: 'createReachBatch',
        input: { body: { user: DA, records: [{ farmer: refTo('farmer-almaz'), advisory: 9 }] } },
      });
      const user = userEvent.setup({ delay: null });
      openScreen('adoption', { selectedids: '11', kept: 'group-lemlem' });
      await user.click(await screen.findByRole('button', { name: /^Lemlem/ }));
      expect(
        await screen.findByRole('checkbox', { name: 'Almaz Bekele Desta (waiting for signal)' }),
      ).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: /^Tesfa/ }));
      const tesfa = screen.getByRole('button', { name: /^Tesfa/ }).closest('section') as HTMLElement;
      await within(tesfa).findByRole('checkbox', { name: 'Almaz Desta' });
      expect(within(tesfa).queryByRole('checkbox', { name: /Hana/ })).toBeNull();
    } finally {
      restore();
    }
  });

  it('adoption lists a farmer of the server reached only offline, found in its group as reach lists it', async () => {
    // The server has not heard of Chala's reach yet: its adoption list for Tesfa lacks Chala.
    installFakeFetch(
      (req) =>
        req.path === '/backend/api/farmerlist-adoption/11/'
          ? json(
              200,
              farmers[11]?.filter((f) => f.farmer_name !== 'Chala'),
            )
          : undefined,
      fakeBackend().handler,
    );
    const chala = { name: 'Chala Tolosa Gemechu' };
    // Tesfa alone: open from the start.
    const tesfa = () => screen.findByRole('checkbox', { name: 'Almaz Desta' });
    openScreen('adoption', { selectedids: '11' });
    await tesfa();
    expect(screen.queryByRole('checkbox', chala)).toBeNull();

    cleanup();
    openAt(`/record_reach?${signedQuery({ user_id: DA })}`);
    const id = farmers[11]?.find((f) => f.farmer_name === 'Chala')?.id;
    await keep({
      key: 'reach-chala',
      route: 'createReachBatch',
      input: { body: { user: DA, records: [{ farmer: id, advisory: 9 }] } },
    });
    openScreen('adoption', { selectedids: '11' });
    await tesfa();
    expect(await screen.findByRole('checkbox', chala)).toBeInTheDocument();
  });
});
