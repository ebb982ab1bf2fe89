import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../test/fake-fetch';
import { openAt } from '../test/render';
import { App } from './app';
import { paths } from './paths';

/** Spec §2's routes and the heading each shows. */
const cases: [url: string, heading: string][] = [
  ['/', 'Gebere'],
  ['/index.html', 'Gebere'],
  ['/add_development_group?da_id=5&kebele_id=9', 'Add Development Group'],
  ['/da_registration', 'DA registration'],
  ['/da_update_profile', 'Update profile'],
  ['/feedback', 'Feedback'],
  ['/farmer_registration?da_id=5&kebele_id=9', 'Register farmer'],
  ['/record_reach', 'Record Reach'],
  ['/record_adoption', 'Record Adoption'],
  ['/notification/create', 'Create notification'],
  ['/notification/update/12', 'Update notification'],
  ['/notification/list', 'Notifications'],
  ['/register_report_user', 'Report user registration'],
  ['/no/such/screen', 'Not found'],
];

describe('router', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    installFakeFetch();
  });

  it('covers every route of spec §2', () => {
    const routed = new Set(cases.map(([url]) => url.split('?')[0]));
    for (const path of Object.values(paths)) {
      expect(routed.has(path.replace(':id', '12')), path).toBe(true);
    }
  });

  it.each(cases)('%s renders its screen', async (url, heading) => {
    openAt(url);
    render(<App />);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('home links to every screen and navigates in the app', async () => {
    openAt('/');
    const user = userEvent.setup();
    render(<App />);
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      paths.farmerRegistration,
      paths.addDevelopmentGroup,
      paths.recordReach,
      paths.recordAdoption,
      paths.feedback,
      paths.notificationList,
      paths.notificationCreate,
      paths.daRegistration,
      paths.daUpdateProfile,
      paths.registerReportUser,
      `${paths.registerReportUser}?update=true`,
    ]);
    await user.click(screen.getByRole('link', { name: 'Give feedback' }));
    expect(await screen.findByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/feedback');
    expect(window.history.state).toMatchObject({ depth: 1 });
  });

  it('outside Telegram without proof, a screen shows the open-from-the-bot notice', async () => {
    openAt('/add_development_group?da_id=5&kebele_id=9');
    render(<App />);
    expect(
      await screen.findByText('Please open this screen from the Gebere bot in Telegram.'),
    ).toBeInTheDocument();
    // …and still works: the main button is an in-page button (the notice can show before the
    // screen's own chunk has loaded: wait for the button).
    expect(await screen.findByRole('button', { name: 'Add' })).toBeInTheDocument();
  });
});
