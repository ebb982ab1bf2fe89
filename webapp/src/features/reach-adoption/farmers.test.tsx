import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadApiClient } from '../../lib/api/lazy-client';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { ReachAdoptionScreen } from './reach-adoption-screen';
import { checkbox, fakeBackend, openScreen } from './test-kit';

const expand = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));

// Slow shared CI machines: give lists time to arrive.
configure({ asyncUtilTimeout: 5000 });

describe('Reach and adoption: farmers of the selected groups', { timeout: 20_000 }, () => {
  // The API client chunk (contract + zod) is slow to transform the first time.
  beforeAll(() => loadApiClient(), 30_000);
  beforeEach(() => vi.unstubAllGlobals());

  it('shows each selected group by name, closed, and its farmers with nan-free names when opened', async () => {
    const { requests } = installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach');
    expect(screen.getByRole('heading', { name: 'Record Reach' })).toBeInTheDocument();
    expect(screen.getByText('Select the farmers the advisory reached')).toBeInTheDocument();
    const tesfa = await screen.findByRole('button', { name: /^Tesfa/ });
    expect(tesfa).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: /^Andinet/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Abebe Kebede' })).not.toBeInTheDocument();

    await user.click(tesfa);
    expect(tesfa).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Abebe Kebede', 'Almaz Desta', 'Chala Tolosa Gemechu'])
      expect(checkbox(name)).not.toBeChecked();
    expect(screen.queryByText(/nan/)).not.toBeInTheDocument();

    // Spec §7: the group's details and its farmers, as plain lists.
    const farmersCall = requests.find((r) => r.path === '/backend/api/farmer-profiles/');
    expect(Object.fromEntries(farmersCall?.query ?? [])).toEqual({
      outbound_development_group: '11',
      paginate: 'false',
    });
    expect(requests.some((r) => r.path === '/backend/api/development-groups/12/')).toBe(true);
  });

  it("reach: a group without farmers says 'Reached farmers not found for this development group'", async () => {
    installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach');
    await expand(user, 'Andinet');
    expect(screen.getByText('Reached farmers not found for this development group')).toBeInTheDocument();
  });

  it("adoption: lists farmers reached at least once, and the general 'Farmers not found' wording", async () => {
    const { requests } = installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('adoption');
    expect(screen.getByRole('heading', { name: 'Record Adoption' })).toBeInTheDocument();
    expect(screen.getByText('Select the farmers who adopted the advisory')).toBeInTheDocument();
    await expand(user, 'Andinet');
    expect(screen.getByText('Farmers not found for this development group')).toBeInTheDocument();
    await expand(user, 'Tesfa');
    expect(checkbox('Almaz Desta')).toBeInTheDocument();
    const call = requests.find((r) => r.path === '/backend/api/farmerlist-adoption/11/');
    expect(call?.query.get('paginate')).toBe('false');
    expect(requests.some((r) => r.path === '/backend/api/farmer-profiles/')).toBe(false);
  });

  it('opens a single selected group from the start; select all picks and clears its farmers', async () => {
    installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach', { selectedids: '11' });
    const all = await screen.findByRole('checkbox', { name: 'Select all · Tesfa' });
    await user.click(checkbox('Almaz Desta'));
    expect(all).toHaveProperty('checked', false);
    expect(screen.getByText('1/3')).toBeInTheDocument();
    await user.click(all);
    for (const name of ['Abebe Kebede', 'Almaz Desta', 'Chala Tolosa Gemechu'])
      expect(checkbox(name)).toBeChecked();
    expect(screen.getByText('3/3')).toBeInTheDocument();
    expect(screen.getByText('3 farmers and 0 advisories selected')).toBeInTheDocument();
    await user.click(all);
    expect(checkbox('Abebe Kebede')).not.toBeChecked();
  });

  it('a group that fails to load shows the error and loads again on Try Again', async () => {
    let fail = true;
    const backend = fakeBackend();
    installFakeFetch(
      route('GET', '/backend/api/development-groups/11/', () => {
        if (!fail)
          return json(200, { id: 11, group_name: 'Tesfa', group_type: 'mixed', kebele: 501, created_by: 7 });
        fail = false;
        return json(503, {});
      }),
      backend.handler,
    );
    const user = userEvent.setup();
    openScreen('reach', { selectedids: '11' });
    expect(await screen.findByText('Request failed with status code 503')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('checkbox', { name: 'Abebe Kebede' })).toBeInTheDocument();
  });

  it('asks to reopen from the bot without user_id or selectedids; says so when no group is selected', async () => {
    installFakeFetch(fakeBackend().handler);
    openAt(`/record_reach?${signedQuery({ chatid: 1, selectedids: '11' })}`);
    const first = renderInApp(<ReachAdoptionScreen kind="reach" />);
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    first.unmount();

    openAt(`/record_reach?${signedQuery({ chatid: 1, user_id: 7 })}`);
    const second = renderInApp(<ReachAdoptionScreen kind="reach" />);
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    second.unmount();

    openAt(`/record_reach?${signedQuery({ chatid: 1, user_id: 7, selectedids: ',x,' })}`);
    renderInApp(<ReachAdoptionScreen kind="reach" />);
    expect(
      screen.getByText('No development group was selected. Please open this screen again from the bot.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('checkbox')).not.toBeInTheDocument());
  });
});
