import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../lib/ui/toast';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { whenEnabled } from '../../test-kit/render';
import {
  FARMERS_PATH,
  farmerPosts,
  field,
  fillPerson,
  formReady,
  groupsRoute,
  handBackRoute,
  handBacks,
  registerButton,
  savedFarmer,
  setup,
  warmLazyChunks,
} from './test-kit';

// Busy CI machines: user-event typing into several fields takes a while.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(warmLazyChunks, 60_000);

const person = {
  farmer_name: 'Abebe',
  father_name: 'Kebede',
  grand_father_name: 'Tadesse',
  phone_number: '911223344',
  gender: 'male',
  created_by: 5,
  kebele: 9,
};

function created(status = 201, body: unknown = savedFarmer()) {
  return route('POST', FARMERS_PATH, () => json(status, body));
}

describe('Register farmer: submit', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('existing group without a creator: sends development_group: id, normalised phone; hands back on 201', async () => {
    const { requests } = installFakeFetch(groupsRoute(), created(), handBackRoute());
    const { user, url } = setup();
    await formReady();
    await fillPerson(user, '0911223344');
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());

    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const [post] = farmerPosts(requests);
    expect(post?.body).toEqual({ ...person, development_group: 11 });
    expect(post?.headers.Authorization).toBe(`link ${url}`);
    // Spec §4: on 201 the data and status_code 201 go to the container.
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'farmer_registered',
        farmer_id: 77,
        name: 'Abebe Kebede Tadesse',
        group_name: 'Abay',
        status_code: 201,
        data: savedFarmer(),
      },
    });
    // loading stops
    await waitFor(() => expect(registerButton()).not.toHaveAttribute('aria-busy', 'true'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the same three names in the kebele: asks, and registers anyway only when the DA says so', async () => {
    const question =
      'Abebe Kebede Tadesse is already registered in this kebele, in the development group Abay. Register anyway?';
    const { requests } = installFakeFetch(
      groupsRoute(),
      route('POST', FARMERS_PATH, (req) =>
        (req.body as { register_anyway?: boolean }).register_anyway
          ? json(201, savedFarmer())
          : json(400, {
              error_code: 'possible_duplicate',
              non_field_errors: [question],
              duplicate_of: {
                id: 3,
                farmer_name: 'Abebe',
                father_name: 'Kebede',
                grand_father_name: 'Tadesse',
                development_group: 11,
                group_name: 'Abay',
              },
            }),
      ),
      handBackRoute(),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user, '0911223344');
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    // Not this time: nothing saved, the form as it was.
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(question);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(registerButton()).not.toHaveAttribute('aria-busy', 'true'));
    expect(farmerPosts(requests)).toHaveLength(1);
    expect(handBacks(requests)).toHaveLength(0);
    expect(field('Farmer name')).toHaveValue('Abebe');
    // Again, and yes: sent once more, saying so, and handed back.
    await user.click(registerButton());
    await user.click(await screen.findByRole('button', { name: 'Register anyway' }));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(
      farmerPosts(requests).map((p) => (p.body as { register_anyway?: boolean }).register_anyway),
    ).toEqual([undefined, undefined, true]);
  });

  it('existing group with a creator: sends outbound_development_group: id', async () => {
    const { requests } = installFakeFetch(groupsRoute(), created(), handBackRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user, '0711223344');
    await user.selectOptions(field('Development group'), '12');
    await user.click(registerButton());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(farmerPosts(requests)[0]?.body).toEqual({
      ...person,
      phone_number: '711223344',
      outbound_development_group: 12,
    });
    expect(handBacks(requests)[0]?.body).toMatchObject({ result: { group_name: 'Tesfa' } });
  });

  it('new group: sends development_group: {type, name} (spec §3)', async () => {
    const { requests } = installFakeFetch(groupsRoute(), created(), handBackRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.click(field('Add a new development group'));
    await user.type(field('Group name'), ' Birhan ');
    await user.click(screen.getByLabelText('Men only'));
    await user.click(registerButton());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(farmerPosts(requests)[0]?.body).toEqual({
      ...person,
      development_group: { type: 'men_only', name: 'Birhan' },
    });
    expect(handBacks(requests)[0]?.body).toMatchObject({ result: { group_name: 'Birhan' } });
  });

  it("shows a 400's field errors on their fields, several joined with ', '", async () => {
    installFakeFetch(
      groupsRoute(),
      created(400, {
        phone_number: ['A farmer with this phone number exists.', 'Call the DA.'],
        outbound_development_group: ['This development group is not in the selected kebele.'],
      }),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '12');
    await user.click(registerButton());
    await waitFor(() =>
      expect(field('Phone number')).toHaveAccessibleDescription(
        'A farmer with this phone number exists., Call the DA.',
      ),
    );
    expect(field('Development group')).toHaveAccessibleDescription(
      'This development group is not in the selected kebele.',
    );
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Error registering farmer, please try again.')).not.toBeInTheDocument();
  });

  it("puts a 400 on the new group's nested fields on the group name and type", async () => {
    installFakeFetch(
      groupsRoute(),
      created(400, {
        development_group: { name: ['Too long.'], type: ['"x" is not a valid choice.'] },
      }),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.click(field('Add a new development group'));
    await user.type(field('Group name'), 'Birhan');
    await user.click(screen.getByLabelText('Mixed'));
    await user.click(registerButton());
    await waitFor(() => expect(field('Group name')).toHaveAccessibleDescription('Too long.'));
    expect(screen.getByRole('radiogroup', { name: 'Group type' })).toHaveAccessibleDescription(
      '"x" is not a valid choice.',
    );
  });

  it('toasts a 400 that names no field of the form, after the spec message', async () => {
    installFakeFetch(
      groupsRoute(),
      created(400, { non_field_errors: ['This farmer is already registered.'] }),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    expect(
      await screen.findByText(
        'Error registering farmer, please try again. This farmer is already registered.',
      ),
    ).toBeInTheDocument();
  });

  it('toasts error_registering_farmer top-right for 5000 ms on a server error, and keeps the values', async () => {
    installFakeFetch(groupsRoute(), created(500, { detail: 'Boom.' }));
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    const toast = await screen.findByText('Error registering farmer, please try again.');
    expect(toast.closest('.toaster')).toHaveClass('toaster-top-right');
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({ kind: 'error', placement: 'top-right', duration: 5000 }),
    ]);
    expect(field('Farmer name')).toHaveValue('Abebe');
    expect(field('Development group')).toHaveValue('11');
  });

  it('keeps every value after a network failure (retried twice), and a second press sends again with the same key', async () => {
    let attempt = 0;
    const { requests } = installFakeFetch(
      groupsRoute(),
      route('POST', FARMERS_PATH, () => {
        if (++attempt <= 3) throw new TypeError('Failed to fetch');
        return json(201, savedFarmer());
      }),
      handBackRoute(),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    // No answer means "not confirmed", not "error": it may be saved; pressing again is safe.
    expect(
      await screen.findByText(
        'No connection: we could not confirm it was saved. What you entered is kept here. Press “Register” again when you have signal; it will not be saved twice.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Error registering farmer, please try again.')).not.toBeInTheDocument();
    expect(field('Farmer name')).toHaveValue('Abebe');
    expect(field('Phone number')).toHaveValue('0911223344');
    expect(field('Gender')).toHaveValue('male');
    await user.click(await whenEnabled(registerButton));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const keys = farmerPosts(requests).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('blocks a double submit while the first is in flight and shows progress', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { requests } = installFakeFetch(
      groupsRoute(),
      route('POST', FARMERS_PATH, () => new Promise<Response>((resolve) => (answer = resolve))),
      handBackRoute(),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    await waitFor(() => expect(farmerPosts(requests)).toHaveLength(1));
    expect(registerButton()).toHaveAttribute('aria-busy', 'true');
    await user.click(registerButton());
    // the keyboard's Go submits the form too: it must be blocked as well
    const form = field('Farmer name').closest('form');
    if (form) fireEvent.submit(form);
    answer(json(201, savedFarmer()));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(farmerPosts(requests)).toHaveLength(1);
  });

  it('registers once when only the hand-back failed; a second press retries the hand-back', async () => {
    let attempt = 0;
    const { requests } = installFakeFetch(
      groupsRoute(),
      created(),
      route('POST', '/tg/result', () =>
        ++attempt === 1 ? json(502, {}) : json(200, { delivered: 'chat_message' }),
      ),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    const toast = await screen.findByText('Error sending message to bot, please try again');
    expect(toast.closest('.toaster')).toHaveClass('toaster-top-right');
    // the saved farmer's form cannot be edited into something else any more
    expect(field('Farmer name')).toBeDisabled();
    await user.click(await whenEnabled(registerButton));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(2));
    expect(farmerPosts(requests)).toHaveLength(1);
  });

  it('switches to the reopen message on a 401', async () => {
    installFakeFetch(groupsRoute(), created(401, { detail: 'Bad proof.' }));
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    expect(
      await screen.findByText(
        'We could not confirm who you are. Please open this screen again from the bot.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Error registering farmer, please try again.')).not.toBeInTheDocument();
  });
});
