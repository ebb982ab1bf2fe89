import { type ScreenName, screenPaths, screens } from '@gebere/contract/screens';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../test-kit/fake-fetch';
import { openAt } from '../test-kit/render';
import { App } from './app';
import { loaderOf } from './screens';

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

  it('routes every route of spec §2 (the cases below) through the screen registry', () => {
    const routed = new Set(screenPaths.map((path) => path.replace(':id', '12')));
    for (const [url] of cases.slice(0, -1)) expect(routed.has(url.split('?')[0] as string), url).toBe(true);
  });

  it('draws every screen of the registry with its folder’s view module', async () => {
    for (const name of Object.keys(screens) as ScreenName[]) {
      const module = await loaderOf(name)();
      expect(typeof module.default, name).toBe('function');
    }
  });

  it.each(cases)('%s renders its screen', async (url, heading) => {
    openAt(url);
    render(<App />);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
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
