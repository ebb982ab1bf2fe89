import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type SeenRequest } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery, whenEnabled } from '../../test-kit/render';
import { NotificationFormScreen } from './notification-form-screen';
import { notificationBackend, stored } from './test-kit';

// On a busy 2-core machine the first call also compiles the API client, the contract and zod:
// give asynchronous queries and whole tests room, so that timing never decides a result.
configure({ asyncUtilTimeout: 5000 });

type User = ReturnType<typeof userEvent.setup>;

/** Opens the form and waits for its chunk (fetched as the screen mounts). */
async function setup(params: Record<string, string | number> = { bot_user_id: 5 }) {
  openAt(`/notification/create?${signedQuery(params)}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<NotificationFormScreen mode="create" />);
  if (params.bot_user_id) await screen.findByLabelText('Name');
  return user;
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionsOf = (label: string) => [...select(label).options].map((o) => o.text);
async function choose(user: User, label: string, option: string) {
  await waitFor(() => expect(optionsOf(label)).toContain(option));
  await user.selectOptions(select(label), option);
}
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Submit' }));
const creates = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/location-notifications/'));
const handBacks = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/tg/result');

async function fillRequired(user: User) {
  await user.type(screen.getByLabelText('Name'), ' Weekly reach reminder ');
  await user.type(screen.getByLabelText('Message'), 'Please record the reach of this week.');
  await user.selectOptions(select('Content type'), 'Reach');
}

describe('Notification form: create', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the fields; content types and frequencies of spec §9; the region list starts with All', async () => {
    notificationBackend();
    await setup();
    expect(screen.getByRole('heading', { name: 'Create notification' })).toBeInTheDocument();
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(optionsOf('Content type')).toEqual([
      'Select…',
      'Advisory',
      'Reach',
      'Adoption',
      'Farmer registration',
    ]);
    expect(optionsOf('Frequency')).toEqual(['Select…', 'Weekly', 'Monthly']);
    expect(screen.getByRole('switch', { name: 'Send now' })).not.toBeChecked();
    await waitFor(() => expect(optionsOf('Region')).toEqual(['Select…', 'All', 'Amhara', 'Oromia']));
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('requires name, message, content type, region, and frequency and interval without send now', async () => {
    const { requests } = notificationBackend();
    const user = await setup();
    await submit(user);
    expect(await screen.findAllByText('Required')).toHaveLength(6);
    for (const label of ['Name', 'Message', 'Content type', 'Region', 'Frequency', 'Interval'])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(creates(requests)).toHaveLength(0);
  });

  it('send now offers a paid broadcast, with its rate and cost shown before sending', async () => {
    const { requests } = notificationBackend();
    const user = await setup();
    await fillRequired(user);
    await choose(user, 'Region', 'All');
    expect(screen.queryByLabelText('Paid broadcast (faster)')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Send now'));
    // 1000 a second; 0.1 Star per message above 30 a second: 97 Stars per 1,000 DAs at 1000/s.
    expect(
      screen.getByText(
        "Up to 1000 messages a second instead of 30: Telegram charges 0.1 Star for each message above 30 a second, from the bot's Stars balance — about 97 Stars per 1,000 DAs. National managers only.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByLabelText('Paid broadcast (faster)'));
    await submit(user);
    await waitFor(() => expect(creates(requests)).toHaveLength(1));
    expect(creates(requests)[0]?.body).toMatchObject({ send_now: true, paid_broadcast: true });
  });

  it('send now hides frequency and interval, which are then not required, and sends none', async () => {
    const { requests } = notificationBackend();
    const user = await setup();
    await fillRequired(user);
    await choose(user, 'Region', 'All');
    await user.click(screen.getByLabelText('Send now'));
    expect(screen.queryByLabelText('Frequency')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Interval')).not.toBeInTheDocument();
    await submit(user);

    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(creates(requests)[0]?.body).toEqual({
      name: 'Weekly reach reminder',
      message: 'Please record the reach of this week.',
      created_by: 5,
      content_type: 'reach',
      send_now: true,
      location_type: 'all',
      location_id: null,
      region_id: null,
      zone_id: null,
      woreda_id: null,
      kebele_id: null,
      frequency: null,
      interval: null,
    });
    expect(screen.getByText('Notification created successfully')).toBeInTheDocument();
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'notification_saved',
        notification_id: 31,
        name: 'Weekly reach reminder',
        update: false,
      },
    });
  });

  it('turning send now off again brings frequency and interval back, required', async () => {
    notificationBackend();
    const user = await setup();
    await user.click(screen.getByLabelText('Send now'));
    await user.click(screen.getByLabelText('Send now'));
    await submit(user);
    await waitFor(() => expect(screen.getByLabelText('Interval')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Frequency')).toHaveAttribute('aria-invalid', 'true');
  });

  it('interval must be a whole number from 1 to 52', async () => {
    const { requests } = notificationBackend();
    const user = await setup();
    const interval = () => screen.getByLabelText('Interval');
    for (const [typed, message] of [
      ['two', 'Interval must be a whole number of 1 or more'],
      ['1.5', 'Interval must be a whole number of 1 or more'],
      ['0', 'Interval must be a whole number of 1 or more'],
      ['60', 'Interval must be 52 or less'],
    ]) {
      // A valid value first, so each message below is fresh, not left from the previous value.
      await user.clear(interval());
      await user.type(interval(), '3');
      await waitFor(() => expect(interval()).toHaveAttribute('aria-invalid', 'false'));
      await user.clear(interval());
      await user.type(interval(), typed as string);
      await submit(user);
      expect(await screen.findByText(message as string)).toBeInTheDocument();
    }
    expect(creates(requests)).toHaveLength(0);
  });

  it("'All' at zone hides woreda and kebele and targets the whole region", async () => {
    const { requests } = notificationBackend();
    const user = await setup();
    await fillRequired(user);
    await choose(user, 'Region', 'Amhara');
    await choose(user, 'Zone', 'All');
    expect(screen.queryByLabelText('Woreda')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Kebele')).not.toBeInTheDocument();
    await user.selectOptions(select('Frequency'), 'Weekly');
    await user.type(screen.getByLabelText('Interval'), ' 2 ');
    await submit(user);

    await waitFor(() => expect(creates(requests)).toHaveLength(1));
    expect(creates(requests)[0]?.body).toMatchObject({
      send_now: false,
      location_type: 'region',
      location_id: 1,
      region_id: 1,
      zone_id: null,
      woreda_id: null,
      kebele_id: null,
      frequency: 'weekly',
      interval: 2,
    });
  });

  it("'All' at region hides every level below it", async () => {
    notificationBackend();
    const user = await setup();
    await choose(user, 'Region', 'All');
    expect(screen.queryByLabelText('Zone')).not.toBeInTheDocument();
    await choose(user, 'Region', 'Amhara');
    expect(screen.getByLabelText('Zone')).toBeInTheDocument();
  });

  it('targets a kebele with the ids of the areas above it', async () => {
    const { requests } = notificationBackend();
    const user = await setup();
    await fillRequired(user);
    await choose(user, 'Region', 'Amhara');
    await choose(user, 'Zone', 'North Gondar');
    await choose(user, 'Woreda', 'Dabat');
    await choose(user, 'Kebele', 'Kebele 01');
    await user.selectOptions(select('Frequency'), 'Monthly');
    await user.type(screen.getByLabelText('Interval'), '1');
    await submit(user);
    await waitFor(() => expect(creates(requests)).toHaveLength(1));
    expect(creates(requests)[0]?.body).toMatchObject({
      location_type: 'kebele',
      location_id: 1111,
      region_id: 1,
      zone_id: 11,
      woreda_id: 111,
      kebele_id: 1111,
      frequency: 'monthly',
      interval: 1,
    });
  });

  it("shows a 400's field errors on their fields and toasts the registering error", async () => {
    const { requests } = notificationBackend({
      create: () =>
        json(400, {
          name: ['A notification with this name exists.'],
          region_id: ['Does not match location_id.'],
        }),
    });
    const user = await setup();
    await fillRequired(user);
    await choose(user, 'Region', 'Oromia');
    await user.click(screen.getByLabelText('Send now'));
    await submit(user);
    expect(
      await screen.findByText('Error registering notification, please check the form and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('A notification with this name exists.')).toBeInTheDocument();
    expect(screen.getByText('Does not match location_id.')).toBeInTheDocument();
    expect(screen.getByLabelText('Region')).toHaveAttribute('aria-invalid', 'true');
    expect(handBacks(requests)).toHaveLength(0);
  });

  it('does not create twice when only the hand-back failed', async () => {
    let tries = 0;
    const { requests, fetch } = notificationBackend();
    const original = fetch.getMockImplementation();
    fetch.mockImplementation(async (input, init) =>
      String(input).endsWith('/tg/result') && ++tries === 1
        ? json(502, {})
        : (original as typeof fetch)(input, init),
    );
    const user = await setup();
    await fillRequired(user);
    await choose(user, 'Region', 'All');
    await user.click(screen.getByLabelText('Send now'));
    await submit(user);
    expect(await screen.findByText('Error sending message to bot, please try again')).toBeInTheDocument();
    await whenEnabled(() => screen.getByRole('button', { name: 'Submit' }));
    await submit(user);
    await waitFor(() => expect(tries).toBe(2));
    expect(creates(requests)).toHaveLength(1);
  });

  it('asks to reopen from the bot without bot_user_id', async () => {
    notificationBackend();
    await setup({ lang: 'en' });
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('sends one Idempotency-Key per notification and retries a lost answer with it', async () => {
    let posts = 0;
    const { requests } = notificationBackend({
      create: (req) => {
        if (++posts === 1) throw new TypeError('Failed to fetch');
        return json(201, stored({ ...(req.body as object), id: 31 }));
      },
    });
    const user = await setup();
    await fillRequired(user);
    await choose(user, 'Region', 'All');
    await user.click(screen.getByLabelText('Send now'));
    await submit(user);
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const keys = creates(requests).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
