import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { daReads } from '../../lib/api/da-reads';
import { getLaunch, setLaunchForTests } from '../../lib/launch/launch';
import { closeForTests, keep } from '../../lib/offline-cache/store';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { freshOutbox } from '../../test-kit/outbox';
import {
  FARMERS_PATH,
  farmerPosts,
  field,
  fillPerson,
  formReady,
  groupsRoute,
  handBackRoute,
  registerButton,
  savedFarmer,
  setup,
  warmLazyChunks,
} from './test-kit';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(warmLazyChunks, 60_000);

/** The kebele's farmers as My farmers keeps them on the phone (the hub's read-ahead). */
const keptList = [
  {
    id: 3,
    farmer_name: 'Abebe',
    father_name: 'Kebede',
    grand_father_name: 'Tadesse',
    phone_number: '911000003',
    development_group: 12,
    group_name: 'Tesfa',
    created_by: 5,
  },
];

/**
 * The server's duplicate checks made first on the phone, against the kebele's farmers it keeps:
 * without signal they are the only check until sync, so a DA hears at once what the server
 * would say (the same words), and nothing is kept that they did not mean.
 */
describe('Register farmer: a farmer the phone already knows', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    await freshOutbox();
    await closeForTests();
  });

  async function openWithKeptList() {
    const { requests } = installFakeFetch(
      groupsRoute(),
      route('POST', FARMERS_PATH, () => json(201, savedFarmer())),
      handBackRoute(),
    );
    const view = setup();
    // The launch's user owns what the phone keeps.
    setLaunchForTests({ ...getLaunch(), userId: 501 });
    await keep(daReads.kebeleFarmers(9), keptList);
    await formReady();
    return { requests, ...view };
  }

  it('the same phone: refused on the field, in the server’s words, and nothing sent or kept', async () => {
    const { requests, user } = await openWithKeptList();
    await fillPerson(user, '0911000003');
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    expect(
      await screen.findByText(
        'A farmer with this phone number is already registered, in the development group Tesfa.',
      ),
    ).toBeInTheDocument();
    expect(field('Phone number')).toHaveFocus();
    expect(farmerPosts(requests)).toHaveLength(0);
  });

  it('the same three names (case and spaces aside): asked first; registered anyway only when the DA says so', async () => {
    const { requests, user } = await openWithKeptList();
    await user.type(field('Farmer name'), ' abebe');
    await user.type(field("Father's name"), 'KEBEDE');
    await user.type(field("Grandfather's name"), 'Tadesse ');
    await user.type(field('Phone number'), '0911223344');
    await user.selectOptions(field('Gender'), 'male');
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Abebe Kebede Tadesse is already registered in this kebele, in the development group Tesfa. Register anyway?',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(registerButton()).not.toHaveAttribute('aria-busy', 'true'));
    expect(farmerPosts(requests)).toHaveLength(0);
    expect(field('Farmer name')).toHaveValue(' abebe');

    await user.click(registerButton());
    await user.click(await screen.findByRole('button', { name: 'Register anyway' }));
    await waitFor(() => expect(farmerPosts(requests)).toHaveLength(1));
    expect(farmerPosts(requests)[0]?.body).toMatchObject({
      phone_number: '911223344',
      register_anyway: true,
    });
  });

  it('another farmer: sent as it is, unasked', async () => {
    const { requests, user } = await openWithKeptList();
    await fillPerson(user, '0911223344');
    await user.clear(field("Grandfather's name"));
    await user.type(field("Grandfather's name"), 'Tola');
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    await waitFor(() => expect(farmerPosts(requests)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(farmerPosts(requests)[0]?.body).not.toHaveProperty('register_anyway');
  });
});
