import { LIMITS, shorten } from '@gebere/contract/rules';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n/texts';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { NotificationListScreen } from './notification-list-screen';

// On a busy 2-core machine the first call also compiles the API client, the contract and zod:
// give asynchronous queries and whole tests room, so that timing never decides a result.
configure({ asyncUtilTimeout: 5000 });

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const notification = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id,
  name,
  message: 'Please record reach this week.',
  content_type: 'reach',
  send_now: false,
  paid_broadcast: false,
  location_type: 'region',
  location_id: 1,
  region_id: 1,
  zone_id: null,
  woreda_id: null,
  kebele_id: null,
  frequency: 'weekly',
  interval: 1,
  active: true,
  created_by: 5,
  created_at: minutesAgo(5),
  ...over,
});

const list = [
  notification(3, 'Weekly reach reminder for Amhara DAs'),
  notification(4, 'Removed one', { active: false }),
  notification(6, 'Exactly twenty chars', { created_at: minutesAgo(180) }),
];

/** `/api/me/` with these notification-manager grants (unanswered: the grants unknown). */
const me = (grants: unknown[]) =>
  route('GET', '/backend/api/me/', () =>
    json(200, {
      telegram_id: 1005,
      chat_id: 1005,
      bot_user: { id: 5, verification_status: 'PENDING', language: 'en', phone_verified: true },
      da: null,
      report_user: null,
      grants,
    }),
  );

function backend(respond = () => json(200, list), ...more: Parameters<typeof installFakeFetch>) {
  return installFakeFetch(route('GET', '/backend/api/location-notifications/by-creator/5', respond), ...more);
}

function setup(params: Record<string, string | number> = { bot_user_id: 5 }) {
  const query = signedQuery(params);
  openAt(`/notification/list?${query}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<NotificationListScreen />);
  return { user, query };
}

const cards = () => screen.getAllByRole('article');

describe('Notification list', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(async () => {
    await initI18n('en');
  });

  it("lists the creator's active notifications only, as cards", async () => {
    const { requests } = backend();
    setup();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByText('Removed one')).not.toBeInTheDocument();
    const listed = requests.find((r) => r.path.endsWith('/by-creator/5'));
    expect(listed?.query.get('paginate')).toBe('false');
    expect(listed?.headers.Authorization).toMatch(/^link \/notification\/list\?/);
  });

  it('reads a page as well as a plain list', async () => {
    backend(() => json(200, { count: 3, next: null, previous: null, results: list }));
    setup();
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('cuts a name longer than 20 characters and adds an ellipsis; the full name stays available', async () => {
    backend();
    setup();
    const first = (await screen.findAllByRole('article'))[0] as HTMLElement;
    expect(within(first).getByText('Weekly reach reminde…')).toBeInTheDocument();
    // The link is named as it is shown; its title carries the full name.
    expect(within(first).getByRole('link', { name: 'Weekly reach reminde…' })).toHaveAttribute(
      'title',
      'Weekly reach reminder for Amhara DAs',
    );
    expect(screen.getByText('Exactly twenty chars')).toBeInTheDocument();
    expect(shorten('ሀ'.repeat(21), LIMITS.notificationNameChars)).toBe(`${'ሀ'.repeat(20)}…`);
    expect(shorten('ሀ'.repeat(20), LIMITS.notificationNameChars)).toBe('ሀ'.repeat(20));
  });

  it('shows when each was created, relative to now', async () => {
    backend();
    setup();
    expect(await screen.findByText('Created 5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('Created 3 hours ago')).toBeInTheDocument();
  });

  it.each([
    ['Amharic', 'am', 'የተፈጠረው ከ5 ደቂቃዎች በፊት', 'የተፈጠረው ከ3 ሰዓታት በፊት'],
    ['Afaan Oromo', 'om', 'Uumame daqiiqaa 5 dura', "Uumame sa'aatii 3 dura"],
  ] as const)('shows the relative time in %s', async (_name, lang, fiveMinutes, threeHours) => {
    await initI18n(lang);
    backend();
    setup({ bot_user_id: 5, lang });
    expect(await screen.findByText(fiveMinutes)).toBeInTheDocument();
    expect(screen.getByText(threeHours)).toBeInTheDocument();
  });

  it('opens the update route, keeping the query, when the card is tapped', async () => {
    backend();
    const { user, query } = setup();
    const first = (await screen.findAllByRole('article'))[0] as HTMLElement;
    await user.click(within(first).getByRole('link', { name: 'Weekly reach reminde…' }));
    expect(window.location.pathname).toBe('/notification/update/3');
    expect(window.location.search).toBe(`?${query}`);
    expect(window.history.state).toMatchObject({ depth: 1 });
  });

  it('opens the update route from the Update button', async () => {
    backend();
    const { user } = setup();
    const second = (await screen.findAllByRole('article'))[1] as HTMLElement;
    await user.click(within(second).getByRole('link', { name: 'Update' }));
    expect(window.location.pathname).toBe('/notification/update/6');
  });

  it("opens the create form from 'Create notification'", async () => {
    backend();
    const { user, query } = setup();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Create notification' }));
    expect(window.location.pathname).toBe('/notification/create');
    expect(window.location.search).toBe(`?${query}`);
  });

  it('a creator whose grant was revoked: their list to remove from, no form to create', async () => {
    backend(undefined, me([]));
    setup();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Create notification' })).not.toBeInTheDocument();
  });

  it("a manager's list offers 'Create notification'", async () => {
    backend(undefined, me([{ role: 'notification_manager', location_type: 'region', location_id: 1 }]));
    setup();
    expect(await screen.findByRole('button', { name: 'Create notification' })).toBeInTheDocument();
  });

  it("says 'No notifications yet' when there is none active", async () => {
    backend(() => json(200, [notification(4, 'Removed one', { active: false })]));
    setup();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create notification' })).toBeInTheDocument();
  });

  it('toasts the error, and Try Again loads again', async () => {
    let fail = true;
    const { requests } = backend(() => (fail ? json(500, {}) : json(200, list)));
    const { user } = setup();
    expect(
      await screen.findByText('Error getting notifications list, please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Request failed with status code 500')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(requests.filter((r) => r.path.endsWith('/by-creator/5'))).toHaveLength(2);
  });

  it.each([
    [
      'en',
      'Paused',
      "Paused: your notification-manager grant no longer covers this notification's area, so it is not being sent. Only an operator can resume it, once a grant covers the area again. You can still remove it.",
      'Paused by an operator: it is not being sent. Only an operator can resume it. You can still remove it.',
    ],
    [
      'am',
      'ቆሟል',
      'ቆሟል፦ የማሳወቂያ አስተዳዳሪ ፈቃድዎ የዚህን ማሳወቂያ አካባቢ ከእንግዲህ አይሸፍንም፤ ስለዚህ አይላክም። ማስቀጠል የሚችለው ኦፕሬተር ብቻ ነው፣ ፈቃድ አካባቢውን እንደገና ሲሸፍን። አሁንም ሊያስወግዱት ይችላሉ።',
      'በኦፕሬተር ቆሟል፤ አይላክም። ማስቀጠል የሚችለው ኦፕሬተር ብቻ ነው። አሁንም ሊያስወግዱት ይችላሉ።',
    ],
    [
      'om',
      'Dhaabbateera',
      "Dhaabbateera: hayyamni hoogganaa beeksisaa keessanii naannoo beeksisa kanaa hin haguugu, kanaaf hin ergamu. Itti fufsiisuu kan danda'u operaatera qofa, yeroo hayyamni naannicha irra deebi'ee haguugu. Ammas haquu ni dandeessu.",
      "Operaateraan dhaabbateera: hin ergamu. Itti fufsiisuu kan danda'u operaatera qofa. Ammas haquu ni dandeessu.",
    ],
  ] as const)(
    'marks a paused one (still active) and says why and who resumes it (%s)',
    async (lang, badge, grant, operator) => {
      await initI18n(lang);
      backend(() =>
        json(200, [
          notification(3, 'Revoked reminder', { paused: 'grant', paused_at: minutesAgo(1) }),
          notification(6, 'Stopped one', { paused: 'operator', paused_at: minutesAgo(1) }),
          notification(7, 'Going out', { paused: null, paused_at: null }),
        ]),
      );
      setup({ bot_user_id: 5, lang });
      await waitFor(() => expect(cards()).toHaveLength(3));
      const [revoked, stopped, going] = cards() as [HTMLElement, HTMLElement, HTMLElement];
      expect(within(revoked).getByText(badge)).toHaveClass('notification-paused-badge');
      expect(revoked.querySelector('.notification-card-paused')?.textContent).toBe(`${badge} ${grant}`);
      expect(stopped.querySelector('.notification-card-paused')?.textContent).toBe(`${badge} ${operator}`);
      expect(going.querySelector('.notification-card-paused')).toBeNull();
    },
  );

  it('asks to reopen from the bot without bot_user_id', () => {
    const { requests } = backend();
    setup({ lang: 'en' });
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
