import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type SeenRequest } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { NotificationFormScreen } from './notification-form-screen';
import { notificationBackend, stored } from './test-kit';

// On a busy 2-core machine the first call also compiles the API client, the contract and zod:
// give asynchronous queries and whole tests room, so that timing never decides a result.
configure({ asyncUtilTimeout: 5000 });

type User = ReturnType<typeof userEvent.setup>;

function setup(id = '30') {
  openAt(`/notification/update/${id}?${signedQuery({ bot_user_id: 5 })}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<NotificationFormScreen mode="update" />);
  return user;
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const puts = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'PUT');
const handBacks = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/tg/result');
const dialog = () => screen.getByRole('alertdialog');

async function loaded() {
  await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Weekly reach reminder'));
}

async function openRemove(user: User) {
  await loaded();
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  expect(
    within(dialog()).getByText('Are you sure you want to remove this notification?'),
  ).toBeInTheDocument();
}

describe('Notification form: update', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('prefills every field, the cascade included, and shows the delivery counts', async () => {
    const { requests } = notificationBackend();
    setup();
    expect(screen.getByRole('heading', { name: 'Update notification' })).toBeInTheDocument();
    await loaded();
    expect(requests.find((r) => r.path.endsWith('/details'))).toBeDefined();
    expect(screen.getByLabelText('Message')).toHaveValue('Please record the reach of this week.');
    expect(select('Content type')).toHaveValue('reach');
    await waitFor(() => expect(select('Region')).toHaveValue('1'));
    await waitFor(() => expect(select('Zone')).toHaveValue('11'));
    // A zone-wide notification: 'All' woredas, and no kebele level.
    await waitFor(() => expect(select('Woreda')).toHaveValue('all'));
    expect(screen.queryByLabelText('Kebele')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Send now' })).not.toBeChecked();
    expect(select('Frequency')).toHaveValue('monthly');
    expect(screen.getByLabelText('Interval')).toHaveValue('2');

    const counts = screen.getByText('Deliveries').closest('section') as HTMLElement;
    const figures = within(counts)
      .getAllByRole('listitem')
      .map((item) => [item.querySelector('span')?.textContent, item.querySelector('strong')?.textContent]);
    expect(figures).toEqual([
      ['Waiting', '3'],
      ['Sent', '12'],
      ['Failed', '1'],
    ]);
    // When the waiting ones should be out (the details call's estimate).
    expect(counts.querySelector('.delivery-finish')?.textContent).toBe('All sent: in about 25 min');
  });

  it('states a long finishing time in hours and minutes, and none when nothing waits', async () => {
    const { finishIn } = await import('./delivery-counts');
    const now = Date.parse('2025-03-10T05:00:00Z');
    const t = (key: string, vars?: Record<string, unknown>) => `${key} ${JSON.stringify(vars)}`;
    expect(finishIn(t as never, '2025-03-10T08:05:00Z', now)).toBe(
      'notification.deliveries.in_hours {"hours":3,"minutes":5}',
    );
    expect(finishIn(t as never, '2025-03-10T04:59:00Z', now)).toBe(
      'notification.deliveries.in_minutes {"minutes":1}',
    );
    notificationBackend({
      details: () =>
        json(200, {
          ...stored(),
          deliveries: { queued: 0, sent: 40, failed: 0, rate_per_second: 30, expected_finish: null },
        }),
    });
    setup();
    await loaded();
    expect(screen.getByText('Deliveries').closest('section')?.querySelector('.delivery-finish')).toBeNull();
  });

  it('saves the changes without created_by, toasts and hands back an update', async () => {
    const { requests } = notificationBackend();
    const user = setup();
    await loaded();
    await waitFor(() => expect(select('Woreda')).toHaveValue('all'));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Monthly reminder');
    await user.click(screen.getByRole('switch', { name: 'Send now' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.path).toBe('/backend/api/location-notifications/30/update-settings/');
    expect(puts(requests)[0]?.body).toEqual({
      name: 'Monthly reminder',
      message: 'Please record the reach of this week.',
      content_type: 'reach',
      send_now: true,
      location_type: 'zone',
      location_id: 11,
      region_id: 1,
      zone_id: 11,
      woreda_id: null,
      kebele_id: null,
      frequency: null,
      interval: null,
    });
    expect(screen.getByText('Notification updated successfully')).toBeInTheDocument();
    expect(handBacks(requests)[0]?.body).toEqual({
      result: { kind: 'notification_saved', notification_id: 30, name: 'Monthly reminder', update: true },
    });
  });

  it('toasts the updating error and shows field errors', async () => {
    notificationBackend({
      update: () => json(400, { interval: ['Ensure this value is less than or equal to 52.'] }),
    });
    const user = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Error updating notification, please check the form and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Ensure this value is less than or equal to 52.')).toBeInTheDocument();
  });

  it('toasts the detail error, and Try Again loads again', async () => {
    let fail = true;
    notificationBackend({
      details: () =>
        fail
          ? json(500, {})
          : json(200, {
              ...stored(),
              deliveries: { queued: 0, sent: 0, failed: 0, rate_per_second: 30, expected_finish: null },
            }),
    });
    const user = setup();
    expect(
      await screen.findByText('Error getting notification detail, please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await loaded();
  });

  it('prefills a notification for everyone with All at region and send now on', async () => {
    notificationBackend({
      details: () =>
        json(200, {
          ...stored({
            location_type: 'all',
            location_id: null,
            region_id: null,
            zone_id: null,
            send_now: true,
            frequency: null,
            interval: null,
          }),
          deliveries: { queued: 0, sent: 40, failed: 0, rate_per_second: 30, expected_finish: null },
        }),
    });
    setup();
    await loaded();
    await waitFor(() => expect(select('Region')).toHaveValue('all'));
    expect(screen.queryByLabelText('Zone')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Send now' })).toBeChecked();
    expect(screen.queryByLabelText('Frequency')).not.toBeInTheDocument();
  });

  it('Remove asks first; Cancel closes the dialog and changes nothing', async () => {
    const { requests } = notificationBackend();
    const user = setup();
    await openRemove(user);
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
    expect(handBacks(requests)).toHaveLength(0);
  });

  it('Remove confirmed sets active to false, toasts and hands back the removal', async () => {
    const { requests } = notificationBackend();
    const user = setup();
    await openRemove(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(puts(requests).map((r) => r.body)).toEqual([{ active: false }]);
    expect(screen.getByText('Notification removed successfully')).toBeInTheDocument();
    expect(handBacks(requests)[0]?.body).toEqual({
      result: { kind: 'notification_removed', notification_id: 30, name: 'Weekly reach reminder' },
    });
  });

  it('toasts the removing error and keeps the form', async () => {
    const { requests } = notificationBackend({ update: () => json(503, {}) });
    const user = setup();
    await openRemove(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error removing notification, please try again.')).toBeInTheDocument();
    expect(handBacks(requests)).toHaveLength(0);
    expect(screen.getByLabelText('Name')).toHaveValue('Weekly reach reminder');
  });

  it('asks to reopen from the bot for an id that is not a number', () => {
    const { requests } = notificationBackend();
    setup('abc');
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
