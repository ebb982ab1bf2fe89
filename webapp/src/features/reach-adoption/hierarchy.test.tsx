import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadApiClient } from '../../lib/api/lazy-client';
import { initI18n } from '../../lib/i18n/texts';
import { installFakeFetch } from '../../test-kit/fake-fetch';
import { checkbox, fakeBackend, LONG_TEXT, level, levelShown, openScreen } from './test-kit';

configure({ asyncUtilTimeout: 5000 });

const find = (name: string | RegExp) => screen.findByRole('checkbox', { name });

describe('Reach and adoption: value chain hierarchy', { timeout: 20_000 }, () => {
  beforeAll(() => loadApiClient(), 30_000);
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => initI18n('en'));

  it('names every level and the advisory in Amharic on an Amharic screen', async () => {
    await initI18n('am');
    installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach', { lang: 'am' });
    await user.click(await find('የእፅዋት ሳይንስ'));
    await user.click(await find('ጤፍ'));
    await user.click(await find('በመስመር መዝራት'));
    // Its only sub-practice is checked for the user; its advisory by its Amharic label.
    expect(await find('የጤፍ ዘር መጠን፣ የ2025 የመኸር ወቅት')).toBeChecked();
    expect(checkbox('የዘር መጠን')).toBeChecked();
    for (const english of ['Teff', 'Row planting', 'Seed rate', 'Teff seed rate, 2025 meher season'])
      expect(screen.queryByText(english)).not.toBeInTheDocument();
  });

  it('checking loads the children of each level; unchecking clears them and everything below', async () => {
    const { requests } = installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach');
    await user.click(await find('Plant science'));
    expect(screen.getByText('Select value chain category for reach')).toBeInTheDocument();
    await find('Teff');
    expect(level('value_chain').getByText('Select value chain for reach')).toBeInTheDocument();
    expect(checkbox('Wheat')).not.toBeChecked();
    const vcCall = requests.find((r) => r.path === '/backend/api/value-chains/1/');
    expect(vcCall?.query.get('kebele_id')).toBe('501');

    await user.click(checkbox('Teff'));
    await find('Row planting');
    expect(level('practice').getByText('Select practice for reach')).toBeInTheDocument();
    const practiceCall = requests.find((r) => r.path === '/backend/api/practices/');
    expect(Object.fromEntries(practiceCall?.query ?? [])).toMatchObject({
      value_chain_id: '10',
      kebele_id: '501',
    });

    await user.click(checkbox('Fertilizer use'));
    await find('Urea top dressing');
    expect(level('sub_practice').getByText('Select sub-practice for reach')).toBeInTheDocument();
    await user.click(checkbox('Urea top dressing'));
    // No label: the first 80 characters of the text and an ellipsis.
    expect(await find(`${LONG_TEXT.slice(0, 80)}…`)).toBeInTheDocument();

    await user.click(checkbox('Teff'));
    for (const gone of ['practice', 'sub_practice', 'advisory']) expect(levelShown(gone)).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Fertilizer use' })).not.toBeInTheDocument();
    expect(checkbox('Teff')).not.toBeChecked();
    expect(checkbox('Plant science')).toBeChecked();
  });

  it('auto-selects a single child and hides that level title, down to the advisory', async () => {
    installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach');
    await user.click(await find('Animal science'));
    expect(await find('Silage making')).toBeChecked();
    for (const name of ['Dairy', 'Feeding', 'Silage', 'Silage making']) expect(checkbox(name)).toBeChecked();
    for (const title of [
      'Select value chain for reach',
      'Select practice for reach',
      'Select sub-practice for reach',
      'Select advisory for reach',
    ])
      expect(screen.queryByText(title)).not.toBeInTheDocument();
    expect(screen.getByText('Select value chain category for reach')).toBeInTheDocument();
    expect(screen.getByText('0 farmers and 1 advisory selected')).toBeInTheDocument();
  });

  it('keeps only the most recent advisory of a sub-practice, looked up for the kebele of the link', async () => {
    const { requests } = installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach');
    await user.click(await find('Plant science'));
    await user.click(await find('Teff'));
    await user.click(await find('Row planting'));
    expect(await find('Teff seed rate, 2025 meher season')).toBeChecked();
    expect(screen.queryByText('Teff seed rate, 2024')).not.toBeInTheDocument();
    expect(screen.queryByText('Teff seed rate, 2023')).not.toBeInTheDocument();
    const call = requests.find((r) => r.path === '/backend/api/advisory/');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      value_chain: '10',
      sub_practice: '1000',
      location: 'kebele,501',
    });
  });

  it("says 'Advisory not found' for a sub-practice without one; a text-less advisory shows its sub-practice", async () => {
    installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach');
    await user.click(await find('Plant science'));
    await user.click(await find('Teff'));
    await user.click(await find('Fertilizer use'));
    await user.click(await find('DAP at planting'));
    expect(await level('advisory').findByText('Advisory not found')).toBeInTheDocument();

    await user.click(checkbox('Wheat'));
    // Wheat → Disease control → Spray timing are single children: checked by themselves. Its
    // advisory has neither label nor text, so it is named after the sub-practice.
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: 'Spray timing' })).toHaveLength(2));
    for (const box of screen.getAllByRole('checkbox', { name: 'Spray timing' })) expect(box).toBeChecked();
    expect(level('advisory').getByRole('checkbox', { name: 'Spray timing' })).toBeChecked();
    // Two sub-practices' advisories: each under its sub-practice's name, and the title shows.
    expect(level('advisory').getByText('Select advisory for reach')).toBeInTheDocument();
    expect(level('advisory').getByText('DAP at planting')).toBeInTheDocument();
    // …but not the one named after its sub-practice: that name would be the same line twice.
    expect(level('advisory').getAllByText('Spray timing')).toHaveLength(1);
  });

  it('shows a single advisory named after its single sub-practice as that one line', async () => {
    const { requests } = installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach');
    await user.click(await find('Plant science'));
    await user.click(await find('Wheat'));
    // Wheat → Disease control → Spray timing → its advisory (no label, no text): all single,
    // checked for the user. The advisory is named after the sub-practice: one line, not two.
    await waitFor(() => expect(requests.some((r) => r.path === '/backend/api/advisory/')).toBe(true));
    expect(await screen.findByText('0 farmers and 1 advisory selected')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: 'Spray timing' })).toHaveLength(1);
    expect(checkbox('Spray timing')).toBeChecked();
    expect(levelShown('advisory')).toBe(false);
    expect(level('sub_practice').queryByText('Select sub-practice for reach')).not.toBeInTheDocument();
  });

  it.each([
    [{ kebele_id: '', woreda_id: 31 }, 'woreda,31'],
    [{ kebele_id: '', zone_id: 21, region_id: 1 }, 'zone,21'],
    [{ kebele_id: '', region_id: 1 }, 'region,1'],
    [{ kebele_id: '' }, 'kebele,501'], // the first selected group's kebele
  ])('finds advisories for the lowest admin level of the link %o: %s', async (params, location) => {
    const { requests } = installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('reach', params);
    await user.click(await find('Animal science'));
    await find('Silage making');
    const call = requests.find((r) => r.path === '/backend/api/advisory/');
    expect(call?.query.get('location')).toBe(location);
    const vc = requests.find((r) => r.path === '/backend/api/value-chains/2/');
    expect(vc?.query.get('kebele_id')).toBe(location.startsWith('kebele') ? '501' : null);
  });

  it('adoption shows the record-adoption titles', async () => {
    installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    openScreen('adoption');
    await user.click(await find('Plant science'));
    expect(screen.getByText('Select value chain category to record adoption')).toBeInTheDocument();
    expect(await screen.findByText('Select value chain to record adoption')).toBeInTheDocument();
    expect(screen.queryByText('Select value chain for reach')).not.toBeInTheDocument();
  });
});
