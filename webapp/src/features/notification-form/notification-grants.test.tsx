import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n/texts';
import { json, type SeenRequest } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { NotificationFormScreen } from './notification-form-screen';
import { meWith, notificationBackend, placeOf, recipientsAnswer } from './test-kit';

// A busy 2-core machine compiles the API client on the first call: room for it (never a result).
configure({ asyncUtilTimeout: 5000 });

type User = ReturnType<typeof userEvent.setup>;

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionsOf = (label: string) => [...select(label).options].map((o) => o.text);
async function choose(user: User, label: string, option: string) {
  await waitFor(() => expect(optionsOf(label)).toContain(option));
  await user.selectOptions(select(label), option);
}
const creates = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path.endsWith('/location-notifications/'));
const dialog = () => screen.findByRole('alertdialog');

async function create(lang?: 'om') {
  openAt(`/notification/create?${signedQuery({ bot_user_id: 5, ...(lang ? { lang } : {}) })}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<NotificationFormScreen mode="create" />);
  await screen.findByLabelText(lang === 'om' ? 'Maqaa' : 'Name');
  return user;
}

const amharaManager = () =>
  json(200, meWith([{ location_type: 'region', location_id: 1, place: placeOf({ region: 1 }) }]));

describe('Notification form: only the areas the grant covers', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await initI18n('en');
  });

  it('a one-region manager: that region, no “All” above it; every zone of it, with “All”', async () => {
    notificationBackend({ me: amharaManager });
    const user = await create();
    await waitFor(() => expect(optionsOf('Region')).toEqual(['Select…', 'Amhara']));
    await choose(user, 'Region', 'Amhara');
    await waitFor(() => expect(optionsOf('Zone')).toEqual(['Select…', 'All', 'North Gondar', 'West Gojjam']));
  });

  it('a zone manager: the way to their zone (its region, then it), “All” only inside it', async () => {
    notificationBackend({
      me: () =>
        json(
          200,
          meWith([{ location_type: 'zone', location_id: 12, place: placeOf({ region: 1, zone: 12 }) }]),
        ),
    });
    const user = await create();
    await waitFor(() => expect(optionsOf('Region')).toEqual(['Select…', 'Amhara']));
    await choose(user, 'Region', 'Amhara');
    await waitFor(() => expect(optionsOf('Zone')).toEqual(['Select…', 'West Gojjam']));
  });

  it('a national manager: “All” and every region, as spec §4 has it', async () => {
    notificationBackend({ me: () => json(200, meWith([{ location_type: 'all', location_id: null }])) });
    await create();
    await waitFor(() => expect(optionsOf('Region')).toEqual(['Select…', 'All', 'Amhara', 'Oromia']));
  });

  it('a creator with no grant left: the stored target stays shown, nothing else is offered', async () => {
    notificationBackend({ me: () => json(200, meWith([])) });
    openAt(`/notification/update/30?${signedQuery({ bot_user_id: 5 })}`);
    renderInApp(<NotificationFormScreen mode="update" />);
    await waitFor(() => expect(select('Zone')).toHaveValue('11'));
    expect(optionsOf('Region')).toEqual(['Select…', 'Amhara']);
    expect(optionsOf('Zone')).toEqual(['Select…', 'North Gondar']);
    // Removing stays possible (the server allows it to the creator, grant or not).
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
  });
});

describe('Notification form: a target that reaches no DA', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await initI18n('en');
  });

  async function fillFor(user: User, lang: 'en' | 'om') {
    const l =
      lang === 'om'
        ? { name: 'Maqaa', message: 'Ergaa', type: 'Gosa qabiyyee', reach: "Ga'iinsa", region: 'Naannoo' }
        : { name: 'Name', message: 'Message', type: 'Content type', reach: 'Reach', region: 'Region' };
    await user.type(screen.getByLabelText(l.name), 'Weekly reach reminder');
    await user.type(screen.getByLabelText(l.message), 'Please record the reach of this week.');
    await user.selectOptions(select(l.type), l.reach);
    await choose(user, l.region, 'Amhara');
    await user.click(screen.getByRole('switch'));
  }

  it('asks before saving it, in the reader’s language; Cancel saves nothing, “Save anyway” saves', async () => {
    await initI18n('om');
    const { requests } = notificationBackend({
      me: amharaManager,
      recipients: () => json(200, recipientsAnswer({ recipients: 0 })),
    });
    const user = await create('om');
    await fillFor(user, 'om');
    await screen.findByText(/hojjettoota misoomaa 0 ga'a/);
    await user.click(screen.getByRole('button', { name: 'Ergi' }));
    const asked = within(await dialog());
    expect(
      asked.getByText(
        "Beeksisni kun hojjettoota misoomaa 0 ga'a: naannoo kana keessatti hojjetaan misoomaa bootii fayyadamu ammaaf hin jiru. Haa ta'u malee haa olkaa'amu?",
      ),
    ).toBeInTheDocument();
    await user.click(asked.getByRole('button', { name: 'Dhiisi' }));
    expect(creates(requests)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Ergi' }));
    await user.click(within(await dialog()).getByRole('button', { name: "Haa ta'u malee olkaa'i" }));
    await waitFor(() => expect(creates(requests)).toHaveLength(1));
    expect(creates(requests)[0]?.body).toMatchObject({ location_type: 'region', location_id: 1 });
  });

  it('asks nothing when the target reaches DAs', async () => {
    const { requests } = notificationBackend({
      me: amharaManager,
      recipients: () => json(200, recipientsAnswer({ recipients: 4 })),
    });
    const user = await create();
    await fillFor(user, 'en');
    await screen.findByText('This will reach 4 DAs, finishing in about 1 min.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(creates(requests)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks on an update too, once the form is valid', async () => {
    const { requests } = notificationBackend({
      me: amharaManager,
      recipients: () => json(200, recipientsAnswer({ recipients: 0 })),
    });
    openAt(`/notification/update/30?${signedQuery({ bot_user_id: 5 })}`);
    const user = userEvent.setup({ delay: null });
    renderInApp(<NotificationFormScreen mode="update" />);
    await waitFor(() => expect(select('Zone')).toHaveValue('11'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});
