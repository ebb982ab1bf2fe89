import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keep, outbox, resetOutboxForTests, startOutbox } from '../../lib/outbox/live';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { fillIn } from '../../test-kit/forms';
import { freshOutbox } from '../../test-kit/outbox';
import { openAt } from '../../test-kit/render';
import {
  FARMER_URL,
  FARMERS_PATH,
  farmerPosts,
  field,
  groupsRoute,
  handBackRoute,
  handBacks,
  registerButton,
  savedFarmer,
  setup,
  warmLazyChunks,
} from './test-kit';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(warmLazyChunks, 60_000);

/**
 * Field mode: a farmer refused on sync is shown with its reason, Fix opens the form with what was
 * kept and the server's errors on the fields, and saving it replaces the refused record.
 */
describe('Register farmer: fixing a farmer refused on sync', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    await freshOutbox();
  });
  afterEach(() => resetOutboxForTests());

  it('Fix fills the form again with the server’s errors; saved, the refused record goes', async () => {
    let refuse = true;
    const { requests } = installFakeFetch(
      groupsRoute(),
      route('POST', FARMERS_PATH, (req) =>
        refuse
          ? json(400, { phone_number: ['A farmer with this phone number is already registered.'] })
          : json(201, savedFarmer({ id: 88, ...(req.body as object) })),
      ),
      handBackRoute(),
    );
    // Kept on the farmer screen without signal, refused when the signal returned.
    openAt(FARMER_URL);
    await keep({
      key: 'refused-farmer',
      route: 'createFarmer',
      input: {
        body: {
          farmer_name: 'Almaz',
          father_name: 'Kebede',
          grand_father_name: 'Tessema',
          phone_number: '911223344',
          gender: 'female',
          created_by: 5,
          kebele: 9,
          outbound_development_group: 12,
        },
      },
    });
    await startOutbox();
    expect((await (await outbox())?.list())?.map((r) => r.state)).toEqual(['refused']);

    // The farmer screen shows the outbox's state (Screen), the refusal with it.
    const { user } = setup();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('A farmer with this phone number is already registered.'),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Fix' }));

    await waitFor(() => expect(field('Farmer name')).toHaveValue('Almaz'));
    expect(window.location.search).toContain('fix=refused-farmer');
    expect(field('Phone number')).toHaveValue('0911223344');
    expect(field('Development group')).toHaveValue('12');
    await waitFor(() =>
      expect(field('Phone number')).toHaveAccessibleDescription(
        'A farmer with this phone number is already registered.',
      ),
    );

    refuse = false;
    await fillIn(user, field('Phone number'), '0911556677');
    await user.click(registerButton());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(farmerPosts(requests).at(-1)?.body).toMatchObject({
      farmer_name: 'Almaz',
      phone_number: '911556677',
    });
    await waitFor(async () => expect(await (await outbox())?.list()).toEqual([]));
  });
});
