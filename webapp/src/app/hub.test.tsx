import type { MeAnswer } from '@gebere/contract/hub';
import { matchScreen, readScreenParams } from '@gebere/contract/screens';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEarlyGetForTests, startEarlyGet } from '../lib/api/early-get';
import { initI18n } from '../lib/i18n/texts';
import { outsideTelegram } from '../lib/launch/launch';
import { keep } from '../lib/outbox/live';
import { setLaunchForTests } from '../telegram/launch';
import { installFakeFetch, json, route } from '../test-kit/fake-fetch';
import { freshOutbox } from '../test-kit/outbox';
import { openAt } from '../test-kit/render';
import { App } from './app';
import { preloadScreen } from './screens';

// A loaded machine can take over a second to show the hub's next step.
configure({ asyncUtilTimeout: 5000 });

const INIT_DATA = 'user=%7B%22id%22%3A501%7D&hash=x';

const registrant: MeAnswer = {
  telegram_id: 501,
  chat_id: 501,
  bot_user: { id: 7, verification_status: 'PENDING', language: 'en', phone_verified: true },
  da: null,
  report_user: null,
  grants: [],
};
const da: MeAnswer = {
  ...registrant,
  bot_user: { id: 7, verification_status: 'VERIFIED', language: 'en', phone_verified: true },
  da: { id: 11, kebele: 42, name: 'Almaz', phone_number: '0911223344' },
};
const manager: MeAnswer = {
  ...registrant,
  grants: [{ role: 'notification_manager', location_type: 'region', location_id: 3 }],
};
const groups = [
  { id: 3, group_name: 'Tesfa', group_type: 'mixed', kebele: 42, created_by: 11 },
  { id: 5, group_name: 'Andinet', group_type: 'women_only', kebele: 42, created_by: 11 },
];

/** The hub as the menu button opens it: `/`, no parameters, Telegram's initData as proof. */
async function openHub(me: MeAnswer | (() => Response), ...more: Parameters<typeof installFakeFetch>) {
  const fake = installFakeFetch(
    ...more,
    route('GET', '/backend/api/me/', typeof me === 'function' ? me : () => json(200, me)),
    route('GET', '/backend/api/development-groups/', () => json(200, groups)),
  );
  openAt('/');
  setLaunchForTests({ ...outsideTelegram, rawInitData: INIT_DATA, userId: 501 });
  const user = userEvent.setup();
  await preloadScreen('/'); // as main.tsx does for the launch screen
  render(<App />);
  return { ...fake, user };
}

const hrefs = async () => (await screen.findAllByRole('link')).map((a) => a.getAttribute('href') ?? '');

/** What the target screen reads from an href: its name, and the required parameters it lacks. */
function opened(href: string) {
  const url = new URL(href, 'https://app.test');
  const match = matchScreen(url.pathname);
  if (!match) throw new Error(`${href}: no screen`);
  return {
    screen: match.name,
    missing: readScreenParams(match.name, url.searchParams, url.pathname).missing,
  };
}

/** The hub's links are these, and each opens its screen with every parameter it needs. */
async function expectEntries(expected: string[]) {
  const links = await hrefs();
  expect(links).toEqual(expected);
  for (const href of links) expect(opened(href).missing, href).toEqual([]);
}

describe('the home hub', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    resetEarlyGetForTests();
    await initI18n('en');
    await freshOutbox();
  });

  it('its first request, /api/me/, starts early (app/early.ts) and the hub adopts that answer', async () => {
    const { requests } = installFakeFetch(route('GET', '/backend/api/me/', () => json(200, da)));
    openAt('/');
    const hash = `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppPlatform=android&tgWebAppVersion=8.0`;
    startEarlyGet({ pathname: '/', search: '', hash });
    const meCalls = () => requests.filter((r) => r.path === '/backend/api/me/');
    expect(meCalls()).toHaveLength(1);
    expect(meCalls()[0]?.headers.Authorization).toBe(`tma ${INIT_DATA}`);
    setLaunchForTests({ ...outsideTelegram, rawInitData: INIT_DATA, userId: 501 });
    await preloadScreen('/');
    render(<App />);
    expect(await screen.findByRole('link', { name: 'Register farmer' })).toBeInTheDocument();
    expect(meCalls()).toHaveLength(1);
  });

  it('asks who the user is with the launch’s initData, showing a loading state meanwhile', async () => {
    const { requests } = await openHub(da);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Register farmer' });
    const me = requests.find((r) => r.path === '/backend/api/me/');
    expect(me?.headers.Authorization).toBe(`tma ${INIT_DATA}`);
  });

  it('a VERIFIED DA: their work and profile, each link complete', async () => {
    await openHub(da);
    expect(await screen.findByText('Hello, Almaz')).toBeInTheDocument();
    await expectEntries([
      '/farmer_registration?da_id=11&kebele_id=42&lang=en',
      '/add_development_group?da_id=11&kebele_id=42&lang=en',
      '/?pick=record_reach&lang=en',
      '/?pick=record_adoption&lang=en',
      '/?pick=feedback&lang=en',
      '/my_farmers?da_id=11&kebele_id=42&lang=en',
      '/reports?lang=en',
      '/da_update_profile?user_id=7&phone_number=0911223344&lang=en',
    ]);
    expect(screen.queryByText(/Notifications|DA registration/)).toBeNull();
  });

  it('Register farmer opens the farmer form for the DA’s kebele, not the missing-information page', async () => {
    const { user, requests } = await openHub(da);
    await user.click(await screen.findByRole('link', { name: 'Register farmer' }));
    expect(await screen.findByRole('heading', { name: 'Register farmer' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/farmer_registration');
    expect(window.history.state).toMatchObject({ depth: 1 });
    await waitFor(() =>
      expect(
        requests.some((r) => r.path === '/backend/api/development-groups/' && r.query.get('kebele') === '42'),
      ).toBe(true),
    );
    expect(screen.queryByText(/missing some information/)).toBeNull();
  });

  it('Record reach: pick the kebele’s groups first, then the reach screen opens for them', async () => {
    const { user } = await openHub(da);
    await user.click(await screen.findByRole('link', { name: 'Record Reach' }));
    expect(await screen.findByText('Select the development groups, then press Continue')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Select at least one development group');
    await user.click(screen.getByLabelText('Andinet'));
    await user.click(screen.getByLabelText('Tesfa'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Record Reach' })).toBeInTheDocument();
    const href = `${window.location.pathname}${window.location.search}`;
    // The list's order, the DA as user_id, the kebele locating the advisories, the private chat.
    expect(href).toBe('/record_reach?chatid=501&user_id=11&selectedids=3%2C5&kebele_id=42&lang=en');
    expect(opened(href).missing).toEqual([]);
  });

  it('Record adoption offers the groups created without signal too, carried as kept records', async () => {
    // Kept by the same Telegram user the hub opens for (the outbox keeps a known user's records).
    setLaunchForTests({ ...outsideTelegram, rawInitData: INIT_DATA, userId: 501 });
    await keep({
      key: 'group-lemlem',
      route: 'createDevelopmentGroup',
      input: { body: { group_name: 'Lemlem', group_type: 'mixed', kebele: 42, created_by: 11 } },
    });
    await keep({
      key: 'group-far',
      route: 'createDevelopmentGroup',
      input: { body: { group_name: 'Far away', group_type: 'mixed', kebele: 43, created_by: 11 } },
    });
    const { user } = await openHub(da);
    await user.click(await screen.findByRole('link', { name: 'Record Adoption' }));
    await user.click(await screen.findByLabelText('Lemlem (waiting for signal)'));
    expect(screen.queryByLabelText(/Far away/)).toBeNull();
    await user.click(screen.getByLabelText('Tesfa'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Record Adoption' })).toBeInTheDocument();
    const href = `${window.location.pathname}${window.location.search}`;
    expect(href).toBe(
      '/record_adoption?chatid=501&user_id=11&selectedids=3&kebele_id=42&kept=group-lemlem&lang=en',
    );
    expect(opened(href).missing).toEqual([]);
  });

  it('Give feedback: pick one of the advisories for the kebele, then its feedback screen opens', async () => {
    const advisories = {
      count: 2,
      next: null,
      previous: null,
      results: [
        { id: 31, label: 'Teff row planting', template_content: ['Plant in rows.'], sub_practice: null },
        { id: 30, label: null, template_content: ['Weed twice before flowering.'], sub_practice: null },
        // Neither label nor text: named by its sub-practice (spec §2).
        { id: 29, label: null, template_content: [], sub_practice: 4, sub_practice_name: 'Seed rate' },
        // No question: its feedback would lead nowhere (a backend that ignores with_questions).
        { id: 28, label: 'Nothing to ask', template_content: [], sub_practice: null, feedback_questions: [] },
      ].map((a) => ({
        feedback_questions: [{ id: a.id, question: 'Useful?', type: 'RATING', choices: [] }],
        ...a,
      })),
    };
    const { user, requests } = await openHub(
      da,
      route('GET', '/backend/api/advisory/', () => json(200, advisories)),
    );
    await user.click(await screen.findByRole('link', { name: 'Give feedback' }));
    expect(await screen.findByText('Choose the advisory you want to give feedback on')).toBeInTheDocument();
    const list = requests.find((r) => r.path === '/backend/api/advisory/');
    expect(list?.query.get('location')).toBe('kebele,42');
    expect(list?.query.get('with_questions')).toBe('true');
    // An advisory without a title is named by the start of its text, else by its sub-practice;
    // one without questions is not offered.
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Teff row planting',
      'Weed twice before flowering.',
      'Seed rate',
    ]);
    const chosen = screen.getByRole('link', { name: 'Teff row planting' });
    const href = chosen.getAttribute('href') ?? '';
    expect(href).toBe('/feedback?chat_id=501&user_id=7&advisory_id=31&lang=en');
    expect(opened(href)).toEqual({ screen: 'feedback', missing: [] });
  });

  it('Give feedback with no advisory for the kebele says so', async () => {
    const { user } = await openHub(
      da,
      route('GET', '/backend/api/advisory/', () =>
        json(200, { count: 0, next: null, previous: null, results: [] }),
      ),
    );
    await user.click(await screen.findByRole('link', { name: 'Give feedback' }));
    expect(await screen.findByText('There are no advisories for your kebele yet.')).toBeInTheDocument();
  });

  it('a DA with no groups yet is offered to add one', async () => {
    const { user } = await openHub(
      da,
      route('GET', '/backend/api/development-groups/', () => json(200, [])),
    );
    await user.click(await screen.findByRole('link', { name: 'Record Adoption' }));
    expect(await screen.findByText('You have no development groups yet. Add one first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Development Group' })).toHaveAttribute(
      'href',
      '/add_development_group?da_id=11&kebele_id=42&lang=en',
    );
  });

  it('a notification manager (not a DA): notifications, and registration', async () => {
    await openHub(manager);
    await expectEntries([
      '/notification/list?bot_user_id=7&lang=en',
      '/notification/create?bot_user_id=7&lang=en',
      '/reports?lang=en',
      '/da_registration?user_id=7&lang=en',
      '/register_report_user?lang=en',
    ]);
  });

  it('someone unknown: DA registration and report-user registration, update once they have one', async () => {
    await openHub({ ...registrant, report_user: 9 });
    expect(await screen.findByRole('link', { name: 'DA registration' })).toHaveAttribute(
      'href',
      '/da_registration?user_id=7&lang=en',
    );
    expect(screen.getByRole('link', { name: 'Update report user' })).toHaveAttribute(
      'href',
      '/register_report_user?update=true&lang=en',
    );
    // A report user also sees the reports of their woreda.
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports?lang=en');
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('REJECTED: the rejection and nothing else', async () => {
    await openHub({
      ...da,
      bot_user: { id: 7, verification_status: 'REJECTED', language: 'en', phone_verified: true },
    });
    expect(
      await screen.findByText('Your registration was rejected. Please contact your supervisor.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('no verified phone (or never /start): share it in the bot', async () => {
    await openHub({ ...registrant, bot_user: null });
    expect(await screen.findByText(/share your phone number/)).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('speaks the language chosen in the bot, and carries it to the screens it opens', async () => {
    const { user } = await openHub({
      ...da,
      bot_user: { id: 7, verification_status: 'VERIFIED', language: 'am', phone_verified: true },
    });
    const farmer = await screen.findByRole('link', { name: 'አርሶ አደር መዝግብ' });
    expect(screen.getByRole('heading', { name: 'ገበሬ' })).toBeInTheDocument();
    expect(farmer).toHaveAttribute('href', '/farmer_registration?da_id=11&kebele_id=42&lang=am');
    await user.click(farmer);
    expect(await screen.findByRole('heading', { name: 'የአርሶ አደር ምዝገባ' })).toBeInTheDocument();
  });

  it('a link’s own lang (the bot’s choice when it made it) is kept', async () => {
    installFakeFetch(route('GET', '/backend/api/me/', () => json(200, da)));
    openAt('/?lang=am');
    await initI18n('am');
    setLaunchForTests({ ...outsideTelegram, rawInitData: INIT_DATA, userId: 501 });
    await preloadScreen('/');
    render(<App />);
    expect(await screen.findByRole('link', { name: 'አርሶ አደር መዝግብ' })).toHaveAttribute(
      'href',
      '/farmer_registration?da_id=11&kebele_id=42&lang=am',
    );
  });

  it('a failed call: the error in the user’s language, and Try again', async () => {
    let calls = 0;
    const { user } = await openHub(() => (++calls === 1 ? json(500, {}) : json(200, registrant)));
    expect(await screen.findByText('Request failed with status code 500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'DA registration' })).toBeInTheDocument();
  });
});
