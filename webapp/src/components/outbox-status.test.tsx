import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseCalendar } from '../lib/i18n/dates';
import { initI18n } from '../lib/i18n/texts';
import { keep, outbox, resetOutboxForTests, startOutbox } from '../lib/outbox/live';
import { type DeviceKeyValue, outboxWiring } from '../lib/outbox/load';
import { resetOutboxViewForTests } from '../lib/outbox/view';
import { installFakeFetch, json, route } from '../test-kit/fake-fetch';
import { farmerSaved, freshOutbox } from '../test-kit/outbox';
import { openAt, renderInApp, signedQuery } from '../test-kit/render';
import { OutboxStatus } from './outbox-status';

/** Records kept offline that the server refuses on sync: shown with the reason until removed. */

/** Kept as a screen keeps it: on the screen open now (its origin, for Fix). */
async function keepFarmer(key: string) {
  await keep({ key, route: 'createFarmer', input: { body: { farmer_name: 'Almaz' } } });
}

describe('the outbox on screen', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    await freshOutbox();
    openAt(`/farmer_registration?${signedQuery({ da_id: 5, kebele_id: 9 })}`);
  });
  afterEach(() => resetOutboxForTests());

  it('shows a refusal with the server’s reason and keeps it until the DA confirms Remove', async () => {
    installFakeFetch(
      route('POST', '/backend/api/farmer-profiles/', () =>
        json(403, { detail: 'This is outside your area.' }),
      ),
    );
    await keepFarmer('k1');
    renderInApp(<OutboxStatus />);
    await startOutbox();
    await startOutbox(); // refused for good: not sent again, still shown

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('1 record was refused:')).toBeInTheDocument();
    expect(within(alert).getByText('This is outside your area.')).toBeInTheDocument();
    expect(screen.getByText('All saved')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove this record? It will not be sent.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('This is outside your area.')).toBeInTheDocument();

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('This is outside your area.')).not.toBeInTheDocument());
    expect(await (await outbox())?.list()).toEqual([]);
  });

  it('says a record past the late-sync grace is refused for good, with its own message', async () => {
    installFakeFetch(
      route(
        'POST',
        '/backend/api/farmer-profiles/',
        () =>
          new Response(
            JSON.stringify({
              detail: 'This record was captured more than 7 days ago and can no longer be sent.',
            }),
            {
              status: 401,
              headers: { 'content-type': 'application/json', 'Late-Sync-Refused': 'expired' },
            },
          ),
      ),
    );
    await keepFarmer('old');
    renderInApp(<OutboxStatus />);
    await startOutbox();
    expect(
      await screen.findByText('This record was captured more than 7 days ago and can no longer be sent.'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 record was refused:')).toBeInTheDocument();
  });

  // Captured on 2024-01-07 at 09:00 in Addis Ababa: Tahsas 28, 2016 in the Ethiopian calendar.
  it.each([
    ['en', undefined, 'Captured 2 hours ago (2024-01-07)'],
    ['en', 'ethiopian', 'Captured 2 hours ago (Tahsas 28, 2016 E.C.)'],
    ['am', undefined, 'የተመዘገበው፦ 2 ሰዓታት በፊት (ታኅሣሥ 28 ቀን 2016 ዓ.ም.)'],
    ['om', undefined, "Kan galmeeffame: sa'aatii 2 dura (Muddee 28, 2016 ALI)"],
  ] as const)(
    'says when a refused record was captured in the screen’s language and calendar (%s, %s)',
    async (lang, choice, said) => {
      installFakeFetch(
        route('POST', '/backend/api/farmer-profiles/', () =>
          json(403, { detail: 'This is outside your area.' }),
        ),
      );
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(Date.parse('2024-01-07T06:00:00Z'));
      await keepFarmer('earlier');
      vi.setSystemTime(Date.parse('2024-01-07T08:00:00Z'));
      await initI18n(lang);
      if (choice) chooseCalendar(choice);
      try {
        renderInApp(<OutboxStatus />);
        await startOutbox();
        expect(await screen.findByText(said)).toBeInTheDocument();
      } finally {
        vi.useRealTimers();
        chooseCalendar('gregorian');
        await initI18n('en');
      }
    },
  );

  it('counts the records waiting for signal', async () => {
    installFakeFetch(
      route('POST', '/backend/api/farmer-profiles/', () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    for (const key of ['a', 'b', 'c']) await keepFarmer(key);
    renderInApp(<OutboxStatus />);
    await startOutbox();
    expect(await screen.findByText('3 records waiting for signal')).toBeInTheDocument();
  });

  it('says a record the server failed (a 5xx) waits to be sent again, not for signal', async () => {
    let down = true;
    installFakeFetch(
      route('POST', '/backend/api/farmer-profiles/', () => {
        if (down) throw new TypeError('Failed to fetch');
        return json(500, { detail: 'boom' });
      }),
    );
    await keepFarmer('a');
    await keepFarmer('b');
    renderInApp(<OutboxStatus />);
    await startOutbox();
    expect(await screen.findByText('2 records waiting for signal')).toBeInTheDocument();
    // The signal is back and the server answers 500: the first record says so; the one the pass
    // did not reach still waits for the pass.
    down = false;
    await startOutbox();
    expect(
      await screen.findByText(
        '1 record kept on this phone: the server answered “Request failed with status code 500”; it will be sent again',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1 record waiting for signal')).toBeInTheDocument();
    expect(screen.queryByText(/2 records waiting for signal/)).toBeNull();
  });

  it('shows what the phone keeps at once, then each record as a slow pass answers it', async () => {
    await keepFarmer('a');
    await keepFarmer('b');
    // The app opened again, on a slow link: DeviceStorage, each send and the summary answer late.
    resetOutboxForTests();
    resetOutboxViewForTests();
    const gate = () => {
      let open = () => {};
      const shut = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { shut, open };
    };
    const storage = gate();
    const sends = [gate(), gate()];
    const summary = gate();
    outboxWiring.deviceStorage = async () => {
      await storage.shut;
      return { get: async () => null, set: async () => {} } satisfies DeviceKeyValue;
    };
    let posted = 0;
    installFakeFetch(
      route('POST', '/backend/api/farmer-profiles/', async (req) => {
        await sends[posted++]?.shut;
        return farmerSaved(req);
      }),
    );
    const tell = vi.fn(async () => {
      await summary.shut;
      return true;
    });
    try {
      renderInApp(<OutboxStatus />);
      const pass = startOutbox({ tell });
      expect(await screen.findByText('2 records waiting for signal')).toBeInTheDocument();
      storage.open();
      sends[0]?.open();
      expect(await screen.findByText('1 record waiting for signal')).toBeInTheDocument();
      sends[1]?.open();
      expect(await screen.findByText('All saved')).toBeInTheDocument();
      // The chat's summaries are still on their way: the line did not wait for them.
      await waitFor(() => expect(tell).toHaveBeenCalled());
      summary.open();
      expect(await pass).toBe('done');
    } finally {
      outboxWiring.deviceStorage = undefined;
    }
  });

  it('offers Fix where a form can take the record back and this launch may save it; else says what to do', async () => {
    installFakeFetch(
      route('POST', '/backend/api/farmer-profiles/', () =>
        json(403, { detail: 'This is outside your area.' }),
      ),
      route('POST', '/backend/api/reach-farmers/batch/', () => json(403, { detail: 'Not your farmer.' })),
    );
    // Both kept on the farmer screen (the launch's signed link); the farmer is shown there.
    await keepFarmer('farmer');
    await keep({ key: 'pairs', route: 'createReachBatch', input: { body: { user: 5, records: [] } } });
    renderInApp(<OutboxStatus />);
    await startOutbox();
    const items = () => within(screen.getByRole('alert')).getAllByRole('listitem');
    await waitFor(() => expect(items()).toHaveLength(2));
    const [farmer, pairs] = items() as [HTMLElement, HTMLElement];
    expect(
      within(pairs).getByText(/cannot be changed: remove this one and record it again/),
    ).toBeInTheDocument();
    expect(within(pairs).queryByRole('button', { name: 'Fix' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(farmer).getByRole('button', { name: 'Fix' }));
    expect(`${window.location.pathname}${window.location.search}`).toMatch(
      /^\/farmer_registration\?da_id=5&kebele_id=9&.*fix=farmer$/,
    );
  });

  it('on another screen opened by a signed link, a fix waits for the app opened from the menu', async () => {
    installFakeFetch(
      route('POST', '/backend/api/farmer-profiles/', () =>
        json(403, { detail: 'This is outside your area.' }),
      ),
    );
    await keepFarmer('farmer');
    openAt(`/add_development_group?${signedQuery({ da_id: 5, kebele_id: 9 })}`);
    renderInApp(<OutboxStatus />);
    await startOutbox();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Open it from the menu to fix it, or remove it.')).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Fix' })).toBeNull();
  });
});
