import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery, whenEnabled } from '../../test-kit/render';
import { AddDevelopmentGroupScreen } from './add-development-group-screen';

const created = { id: 41, group_name: 'Tesfa', group_type: 'women_only', kebele: 9, created_by: 5 };

/** Opens the screen and waits for its form, which loads as its own chunk. */
async function setup() {
  const url = `/add_development_group?${signedQuery({ da_id: 5, kebele_id: 9 })}`;
  openAt(url);
  const user = userEvent.setup();
  renderInApp(<AddDevelopmentGroupScreen />);
  await screen.findByLabelText('Group name');
  return { user, url };
}

const addButton = () => screen.getByRole('button', { name: 'Add' });

describe('Add development group', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the fields, the group types and the Add button', async () => {
    installFakeFetch();
    await setup();
    expect(screen.getByRole('heading', { name: 'Add Development Group' })).toBeInTheDocument();
    expect(screen.getByLabelText('Group name')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Group type' })).toBeInTheDocument();
    for (const type of ['Men only', 'Women only', 'Mixed'])
      expect(screen.getByLabelText(type)).toBeInTheDocument();
    expect(addButton()).toBeInTheDocument();
  });

  it('requires group name and group type, and sends nothing', async () => {
    const { requests } = installFakeFetch();
    const { user } = await setup();
    await user.click(addButton());
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByLabelText('Group name')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('keeps what was typed through a reload (a closed app), and drops it once added', async () => {
    const { requests } = installFakeFetch(
      route('POST', '/backend/api/development-groups/', () => json(201, created)),
      route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
    );
    const first = await setup();
    await first.user.type(screen.getByLabelText('Group name'), 'Tesfa');
    await first.user.click(screen.getByLabelText('Women only'));
    cleanup(); // the WebView reloads

    const second = await setup();
    expect(screen.getByLabelText('Group name')).toHaveValue('Tesfa');
    expect(screen.getByLabelText('Women only')).toBeChecked();
    await second.user.click(addButton());
    await waitFor(() => expect(requests.filter((r) => r.path === '/tg/result')).toHaveLength(1));
    cleanup();

    await setup();
    expect(screen.getByLabelText('Group name')).toHaveValue('');
  });

  it('treats a name of spaces as empty', async () => {
    installFakeFetch();
    const { user } = await setup();
    await user.type(screen.getByLabelText('Group name'), '   ');
    await user.click(screen.getByLabelText('Mixed'));
    await user.click(addButton());
    expect(await screen.findByText('Required')).toBeInTheDocument();
  });

  it('creates the group with kebele and created_by from the link, then hands it back', async () => {
    const { requests } = installFakeFetch(
      route('POST', '/backend/api/development-groups/', () => json(201, created)),
      route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
    );
    const { user, url } = await setup();
    await user.type(screen.getByLabelText('Group name'), '  Tesfa ');
    await user.click(screen.getByLabelText('Women only'));
    await user.click(addButton());

    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    const post = requests.find((r) => r.path === '/backend/api/development-groups/');
    expect(post?.body).toEqual({ group_name: 'Tesfa', group_type: 'women_only', kebele: 9, created_by: 5 });
    expect(post?.headers.Authorization).toBe(`link ${url}`);
    const handBack = requests.find((r) => r.path === '/tg/result');
    expect(handBack?.body).toEqual({ result: { kind: 'group_added', group_id: 41, group_name: 'Tesfa' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a 400's field errors on their fields and toasts the spec's error", async () => {
    installFakeFetch(
      route('POST', '/backend/api/development-groups/', () =>
        json(400, { group_name: ['A group with this name exists.', 'Too similar.'] }),
      ),
    );
    const { user } = await setup();
    await user.type(screen.getByLabelText('Group name'), 'Tesfa');
    await user.click(screen.getByLabelText('Mixed'));
    await user.click(addButton());
    expect(await screen.findByText('A group with this name exists., Too similar.')).toBeInTheDocument();
    expect(screen.getByText('Error Adding Development Group')).toBeInTheDocument();
    expect(screen.getByLabelText('Group name')).toHaveAttribute('aria-invalid', 'true');
  });

  // With no answer the group may be saved or not; "Error Adding" would be a guess.
  it('says it could not confirm the save on a network failure, keeps the form, and Add again is safe', async () => {
    const fake = installFakeFetch();
    fake.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = await setup();
    await user.type(screen.getByLabelText('Group name'), 'Tesfa');
    await user.click(screen.getByLabelText('Mixed'));
    await user.click(addButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No connection: we could not confirm it was saved. What you entered is kept here. Press “Add” again when you have signal; it will not be saved twice.',
    );
    expect(screen.queryByText('Error Adding Development Group')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Group name')).toHaveValue('Tesfa');
    expect(screen.getByLabelText('Mixed')).toBeChecked();
  });

  it("toasts error_adding_development_group with the server's reason when it refuses (403)", async () => {
    installFakeFetch(
      route('POST', '/backend/api/development-groups/', () =>
        json(403, { detail: 'This is outside your area.' }),
      ),
    );
    const { user } = await setup();
    await user.type(screen.getByLabelText('Group name'), 'Tesfa');
    await user.click(screen.getByLabelText('Mixed'));
    await user.click(addButton());
    expect(
      await screen.findByText('Error Adding Development Group This is outside your area.'),
    ).toBeInTheDocument();
  });

  it('does not add the group twice when only the hand-back failed', async () => {
    let handBacks = 0;
    const { requests } = installFakeFetch(
      route('POST', '/backend/api/development-groups/', () => json(201, created)),
      route('POST', '/tg/result', () =>
        ++handBacks === 1 ? json(502, {}) : json(200, { delivered: 'chat_message' }),
      ),
    );
    const { user } = await setup();
    await user.type(screen.getByLabelText('Group name'), 'Tesfa');
    await user.click(screen.getByLabelText('Women only'));
    await user.click(addButton());
    expect(await screen.findByText('Error sending message to bot, please try again')).toBeInTheDocument();
    await user.click(await whenEnabled(addButton));
    await waitFor(() => expect(handBacks).toBe(2));
    expect(requests.filter((r) => r.path === '/backend/api/development-groups/')).toHaveLength(1);
    // The same Idempotency-Key on the second press: if the first summary did reach the chat
    // (only its answer was lost), the server answers without sending a second one.
    const keys = requests.filter((r) => r.path === '/tg/result').map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks to reopen from the bot when da_id or kebele_id is missing', () => {
    installFakeFetch();
    openAt(`/add_development_group?${signedQuery({ da_id: 5 })}`);
    renderInApp(<AddDevelopmentGroupScreen />);
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Group name')).not.toBeInTheDocument();
  });

  it('shows the expired-link message instead of the form', () => {
    installFakeFetch();
    openAt(`/add_development_group?${signedQuery({ da_id: 5, kebele_id: 9 }, -60)}`);
    renderInApp(<AddDevelopmentGroupScreen />);
    expect(screen.getByText('This link has expired. Please open it again from the bot.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Group name')).not.toBeInTheDocument();
  });

  it('switches to the reopen message when the backend answers 401', async () => {
    installFakeFetch(
      route('POST', '/backend/api/development-groups/', () => json(401, { detail: 'Bad proof.' })),
    );
    const { user } = await setup();
    await user.type(screen.getByLabelText('Group name'), 'Tesfa');
    await user.click(screen.getByLabelText('Mixed'));
    await user.click(addButton());
    expect(
      await screen.findByText(
        'We could not confirm who you are. Please open this screen again from the bot.',
      ),
    ).toBeInTheDocument();
  });

  it('retries a lost answer with one Idempotency-Key; a new key when the values change', async () => {
    let posts = 0;
    const { requests } = installFakeFetch(
      route('POST', '/backend/api/development-groups/', () => {
        posts++;
        if (posts <= 3 || posts === 5) throw new TypeError('Failed to fetch');
        return json(201, created);
      }),
      route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
    );
    const { user } = await setup();
    await user.type(screen.getByLabelText('Group name'), 'Tesfa');
    await user.click(screen.getByLabelText('Women only'));
    await user.click(addButton());
    // The first press: the call and two automatic retries, all lost.
    expect(
      await screen.findByText(/^No connection: we could not confirm it was saved\./),
    ).toBeInTheDocument();
    expect(posts).toBe(3);
    // Another name is another submission; back to the first name is the first submission again.
    await user.type(screen.getByLabelText('Group name'), ' B');
    await user.click(await whenEnabled(addButton));
    await waitFor(() => expect(posts).toBe(4));
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    const keys = requests
      .filter((r) => r.path === '/backend/api/development-groups/')
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });
});
