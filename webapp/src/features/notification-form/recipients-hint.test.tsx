import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n/texts';
import { json } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { NotificationFormScreen } from './notification-form-screen';
import { notificationBackend, recipientsAnswer } from './test-kit';

// A busy 2-core machine compiles the API client on the first call: room for it (never a result).
configure({ asyncUtilTimeout: 5000 });

/** The region select's label and its 'All' option, per language. */
const REGION = { en: ['Region', 'All'], am: ['ክልል', 'ሁሉም'], om: ['Naannoo', 'Hunda'] } as const;

async function setup(lang: keyof typeof REGION = 'en') {
  openAt(`/notification/create?${signedQuery({ bot_user_id: 5, ...(lang === 'en' ? {} : { lang }) })}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<NotificationFormScreen mode="create" />);
  await screen.findByLabelText(REGION[lang][0]);
  return user;
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await waitFor(() => expect([...select(label).options].map((o) => o.text)).toContain(option));
  await user.selectOptions(select(label), option);
}
const counts = (requests: Array<{ path: string; query: URLSearchParams }>) =>
  requests
    .filter((r) => r.path.endsWith('/location-notifications/recipients/'))
    .map((r) => Object.fromEntries(r.query));

describe('Notification form: who it will reach, before sending', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await initI18n('en');
  });

  it('counts the chosen target: each time for a schedule, with the finish for a send-now, Stars if paid', async () => {
    const { requests } = notificationBackend({
      recipients: (req) =>
        json(200, recipientsAnswer(req.query.get('location_type') === 'region' ? { recipients: 1 } : {})),
    });
    const user = await setup();
    // Nothing chosen yet: nothing asked, nothing shown.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await choose(user, 'Region', 'All');
    expect(await screen.findByText('This will reach 60000 DAs each time.')).toBeInTheDocument();
    expect(counts(requests)).toEqual([{ location_type: 'all' }]);
    // Send now at 30 a second: 60,000 / 30 = 2,000 s, "in about 34 min".
    await user.click(screen.getByLabelText('Send now'));
    expect(screen.getByText('This will reach 60000 DAs, finishing in about 34 min.')).toBeInTheDocument();
    // Paid, at 1000 a second: a minute, and 0.1 Star for each message above the free 30/s.
    await user.click(screen.getByLabelText('Paid broadcast (faster)'));
    expect(
      screen.getByText('This will reach 60000 DAs, about 5820 Stars, finishing in about 1 min.'),
    ).toBeInTheDocument();
    // Another target is counted again (one DA: the singular).
    await choose(user, 'Region', 'Amhara');
    expect(
      await screen.findByText('This will reach 1 DA, about 1 Stars, finishing in about 1 min.'),
    ).toBeInTheDocument();
    expect(counts(requests).at(-1)).toEqual({ location_type: 'region', location_id: '1' });
  });

  it('a send-now waits behind the send-now rows already queued in its lane', async () => {
    notificationBackend({ recipients: () => json(200, recipientsAnswer({ send_now_queued: 60_000 })) });
    const user = await setup();
    await choose(user, 'Region', 'All');
    await user.click(screen.getByLabelText('Send now'));
    // (60,000 ahead + 60,000) / 30 a second = 4,000 s.
    expect(
      await screen.findByText('This will reach 60000 DAs, finishing in about 1 h 7 min.'),
    ).toBeInTheDocument();
  });

  it('shows nothing when the server will not count that target (outside the grant)', async () => {
    const { requests } = notificationBackend({
      recipients: () => json(403, { detail: 'This is outside your area.' }),
    });
    const user = await setup();
    await choose(user, 'Region', 'All');
    await waitFor(() => expect(counts(requests)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it.each([
    ['am', 'ይህ ለ60000 የልማት ሰራተኞች ይደርሳል፤ ሁሉም በ34 ደቂቃ ገደማ ይላካሉ።'],
    ['om', "Kun hojjettoota misoomaa 60000 ga'a; hundi tilmaamaan daqiiqaa 34 keessatti ergama."],
  ] as const)('in %s', async (lang, text) => {
    await initI18n(lang);
    notificationBackend();
    const user = await setup(lang);
    await choose(user, REGION[lang][0], REGION[lang][1]);
    await user.click(screen.getAllByRole('switch')[0] as HTMLElement); // send now
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
