import type { DevelopmentGroup } from '@gebere/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { installFakeFetch, json, route, type SeenRequest } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { type KeySlot, memorySlot } from '../api/idempotent-call';
import type { ApiError, ApiResult } from '../api/lazy-client';
import { toast, useToastStore } from '../ui/toast';
import {
  type FormSaveOptions,
  type SaveOptions,
  useFormSaveThenHandBack,
  useSaveThenHandBack,
} from './save-then-hand-back';

// The protocol on its own, over a real contract route (a development group) and the fake fetch:
// the forms' own tests show it on each screen.

const PATH = '/backend/api/development-groups/';

interface Values {
  group_name: string;
  group_type: string;
}

type Options = Partial<FormSaveOptions<Values, Values, DevelopmentGroup, { error: ApiError }>>;

/**
 * A backend that keeps one record per Idempotency-Key, as the real one does; `answer(n)` decides
 * what the n-th request (1-based) gets: 'lost' (saved, but the answer never arrives), 'down'
 * (never arrives at all), or a status with its body.
 */
function groupsBackend(answer: (n: number) => 'lost' | 'down' | [number, unknown] = () => [201, null]) {
  const records = new Map<string, DevelopmentGroup>();
  let n = 0;
  const fake = installFakeFetch(
    route('POST', PATH, (req) => {
      const reply = answer(++n);
      if (reply === 'down') throw new TypeError('Failed to fetch');
      if (Array.isArray(reply) && reply[0] !== 201) return json(reply[0], reply[1]);
      const key = req.headers['Idempotency-Key'] ?? '';
      const body = req.body as Omit<DevelopmentGroup, 'id'>;
      if (!records.has(key)) records.set(key, { ...body, id: 40 + records.size + 1 });
      if (reply === 'lost') throw new TypeError('Failed to fetch');
      return json(201, records.get(key));
    }),
  );
  const posts = () => fake.requests.filter((r: SeenRequest) => r.method === 'POST' && r.path === PATH);
  return { ...fake, records, posts, keys: () => posts().map((r) => r.headers['Idempotency-Key']) };
}

/** The last press's submit: ended, it has done all it will (what "nothing more" is read after). */
let submitted: Promise<void> = Promise.resolve();

function GroupForm({
  options,
  handBack,
}: {
  options: Options;
  handBack: (g: DevelopmentGroup) => Promise<boolean>;
}) {
  const form = useForm<Values>({ defaultValues: { group_name: 'Tesfa', group_type: 'mixed' } });
  const { submit, busy, saved } = useFormSaveThenHandBack(form, {
    submission: (values) => {
      const body = { group_name: values.group_name, group_type: 'mixed' as const, kebele: 9, created_by: 5 };
      return { payload: body, send: (send) => send('createDevelopmentGroup', { body }) };
    },
    fields: { names: ['group_name', 'group_type'], rename: { kind: 'group_type' } },
    failureText: () => 'Not saved.',
    button: 'Save',
    handBack,
    ...options,
  });
  return (
    <SubmitForm onSubmit={submit}>
      <TextField control={form.control} name="group_name" label="Group name" disabled={saved} />
      <TextField control={form.control} name="group_type" label="Group type" />
      <button
        type="button"
        aria-busy={busy}
        onClick={() => {
          submitted = submit();
        }}
      >
        Save
      </button>
    </SubmitForm>
  );
}

function setup(options: Options = {}, handBack = vi.fn(async (_: DevelopmentGroup) => true)) {
  openAt(`/add_development_group?${signedQuery({ da_id: 5, kebele_id: 9 })}`);
  const user = userEvent.setup();
  renderInApp(<GroupForm options={options} handBack={handBack} />);
  const press = () => user.click(screen.getByRole('button', { name: 'Save' }));
  return { user, press, handBack };
}

const errorToasts = () =>
  useToastStore
    .getState()
    .toasts.filter((t) => t.kind === 'error')
    .map((t) => t.message);
const NOT_CONFIRMED =
  'No connection: we could not confirm it was saved. What you entered is kept here. Press “Save” again when you have signal; it will not be saved twice.';

describe('save then hand back (a form)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves keyed, hands the saved record back, and locks what may not change', async () => {
    const backend = groupsBackend();
    const { press, handBack } = setup();
    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    expect(handBack).toHaveBeenCalledWith(expect.objectContaining({ id: 41, group_name: 'Tesfa' }));
    expect(backend.posts()[0]?.body).toEqual({
      group_name: 'Tesfa',
      group_type: 'mixed',
      kebele: 9,
      created_by: 5,
    });
    expect(backend.keys()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText('Group name')).toBeDisabled();
    expect(errorToasts()).toEqual([]);
  });

  it('after no answer, says it is not confirmed; pressing again reuses the key and one record exists', async () => {
    // The first request is saved but its answer lost; the two automatic retries find no server.
    const backend = groupsBackend((n) => (n === 1 ? 'lost' : n <= 3 ? 'down' : [201, null]));
    const { press, handBack } = setup();
    await press();
    await waitFor(() => expect(errorToasts()).toEqual([NOT_CONFIRMED]));
    expect(backend.posts()).toHaveLength(3);
    expect(handBack).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Group name')).toHaveValue('Tesfa');
    expect(screen.getByLabelText('Group name')).toBeEnabled();

    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    expect(backend.posts()).toHaveLength(4);
    expect(new Set(backend.keys()).size).toBe(1);
    expect(backend.records.size).toBe(1);
    expect(handBack).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }));
  });

  it('after a definite refusal, saves nothing, keeps the form, and sends again on the next press', async () => {
    const backend = groupsBackend((n) => (n <= 2 ? [403, { detail: 'Outside your area.' }] : [201, null]));
    const { user, press, handBack } = setup();
    await press();
    await waitFor(() => expect(errorToasts()).toEqual(['Not saved. Outside your area.']));
    expect(backend.posts()).toHaveLength(1); // a refusal is an answer: not retried
    expect(screen.getByLabelText('Group name')).toHaveValue('Tesfa');

    // The same values again are the same submission (the server stored no refusal): same key.
    toast.clear();
    await press();
    await waitFor(() => expect(backend.posts()).toHaveLength(2));
    expect(backend.keys()[1]).toBe(backend.keys()[0]);
    // Changed values are another submission: a new key, and this one is saved.
    await user.type(screen.getByLabelText('Group name'), ' B');
    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    expect(backend.keys()[2]).not.toBe(backend.keys()[0]);
    expect(backend.posts()[2]?.body).toMatchObject({ group_name: 'Tesfa B' });
    expect(backend.records.size).toBe(1);
  });

  it("puts a 400's field errors on their fields (renamed ones too) and toasts the rest after the failure text", async () => {
    groupsBackend(() => [
      400,
      { group_name: ['Taken.', 'Pick another.'], kind: ['Unknown type.'], non_field_errors: ['Duplicate.'] },
    ]);
    const { press, handBack } = setup();
    await press();
    expect(await screen.findByText('Taken., Pick another.')).toBeInTheDocument();
    expect(screen.getByLabelText('Group name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Unknown type.')).toBeInTheDocument();
    expect(screen.getByLabelText('Group type')).toHaveAttribute('aria-invalid', 'true');
    expect(errorToasts()).toEqual(['Not saved. Duplicate.']);
    expect(handBack).not.toHaveBeenCalled();
  });

  it('with quietFieldErrors, a 400 whose messages all found their fields is said by the fields alone', async () => {
    groupsBackend(() => [400, { group_name: ['Taken.'] }]);
    const { press } = setup({ quietFieldErrors: true });
    await press();
    expect(await screen.findByText('Taken.')).toBeInTheDocument();
    expect(errorToasts()).toEqual([]);
  });

  it('says nothing itself on a 401: the screen asks to open it again from the bot', async () => {
    const backend = groupsBackend(() => [401, { detail: 'Bad proof.' }]);
    const { press, handBack } = setup();
    await press();
    await waitFor(() => expect(backend.posts()).toHaveLength(1));
    await submitted;
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(handBack).not.toHaveBeenCalled();
  });

  it('saves once and hands back once: a failed hand-back is retried alone, a delivered one never again', async () => {
    const backend = groupsBackend();
    const success = vi.spyOn(toast, 'success');
    const handBack = vi.fn(async (_: DevelopmentGroup) => handBack.mock.calls.length > 1);
    const { press } = setup({ successText: (g) => `Saved ${g.group_name}.` }, handBack);
    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(2));
    await press();
    await submitted;
    expect(handBack).toHaveBeenCalledTimes(2);
    expect(backend.posts()).toHaveLength(1);
    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Saved Tesfa.', undefined);
  });

  it('a double tap (and the keyboard’s Go) while saving saves once', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { requests } = installFakeFetch(
      route('POST', PATH, () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    openAt(`/add_development_group?${signedQuery({ da_id: 5, kebele_id: 9 })}`);
    const handBack = vi.fn(async (_: DevelopmentGroup) => true);
    const user = userEvent.setup();
    renderInApp(<GroupForm options={{}} handBack={handBack} />);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    answer(json(201, { id: 41, group_name: 'Tesfa', group_type: 'mixed', kebele: 9, created_by: 5 }));
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
  });

  it('sends the follow-up write after the save, and only it again while it fails; never once it succeeded', async () => {
    const backend = groupsBackend();
    const unavailable: ApiResult<unknown> = {
      ok: false,
      error: { kind: 'http', status: 503, message: 'Request failed with status code 503', fieldErrors: {} },
    };
    const afterSave = vi.fn(
      async (): Promise<ApiResult<unknown>> =>
        afterSave.mock.calls.length === 1 ? unavailable : { ok: true, status: 200, data: null },
    );
    // The first hand-back fails too: the third press hands back without the follow-up.
    const handBack = vi.fn(async (_: DevelopmentGroup) => handBack.mock.calls.length > 1);
    const { press } = setup({ afterSave }, handBack);
    await press();
    await waitFor(() => expect(errorToasts()).toEqual(['Request failed with status code 503']));
    expect(handBack).not.toHaveBeenCalled();
    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(2));
    expect(afterSave).toHaveBeenCalledTimes(2);
    expect(afterSave).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }));
    expect(backend.posts()).toHaveLength(1);
  });

  it('keeps the key where the screen says, and forgets it once saved', async () => {
    const backend = groupsBackend((n) => (n <= 3 ? 'down' : [201, null]));
    const slot: KeySlot = memorySlot();
    const { press, handBack } = setup({ keySlot: slot });
    await press();
    await waitFor(() => expect(errorToasts()).toEqual([NOT_CONFIRMED]));
    expect(slot.get()?.key).toBe(backend.keys()[0]);
    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    expect(slot.get()).toBeNull();
  });

  it('keeps the key with the form’s draft, and drops the draft only once saved', async () => {
    const backend = groupsBackend((n) => (n <= 3 ? 'down' : [201, null]));
    const draft = { keySlot: memorySlot(), drop: vi.fn() };
    const { press, handBack } = setup({ draft });
    await press();
    await waitFor(() => expect(errorToasts()).toEqual([NOT_CONFIRMED]));
    expect(draft.keySlot.get()?.key).toBe(backend.keys()[0]);
    expect(draft.drop).not.toHaveBeenCalled();
    await press();
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    expect(new Set(backend.keys()).size).toBe(1);
    expect(draft.drop).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when the screen has no submission for the values (it says why itself)', async () => {
    const backend = groupsBackend();
    const { press, handBack } = setup({ submission: () => null });
    await press();
    await submitted;
    expect(backend.posts()).toHaveLength(0);
    expect(handBack).not.toHaveBeenCalled();
  });

  it('says a throw (a chunk that did not download) as a network error, in the screen’s place', async () => {
    groupsBackend();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { press } = setup({
      submission: () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
      toastOptions: { placement: 'top-right', duration: 5000 },
    });
    await press();
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toEqual([
        expect.objectContaining({ kind: 'error', message: 'Network Error', placement: 'top-right' }),
      ]),
    );
  });
});

function RemoveButton({ options }: { options: SaveOptions<void, DevelopmentGroup> }) {
  const { run, busy, saved } = useSaveThenHandBack(options);
  return (
    <button type="button" aria-busy={busy} data-saved={saved} onClick={() => void run()}>
      Remove
    </button>
  );
}

describe('save then hand back (no form)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs the same protocol: keyed, once, then the hand-back', async () => {
    const backend = groupsBackend((n) => (n === 1 ? 'lost' : [201, null]));
    openAt(`/add_development_group?${signedQuery({ da_id: 5, kebele_id: 9 })}`);
    const handBack = vi.fn(async (_: DevelopmentGroup) => true);
    const body = { group_name: 'Tesfa', group_type: 'mixed' as const, kebele: 9, created_by: 5 };
    const user = userEvent.setup();
    renderInApp(
      <RemoveButton
        options={{
          submission: () => ({ payload: body, send: (send) => send('createDevelopmentGroup', { body }) }),
          failureText: () => 'Not removed.',
          button: 'Remove',
          handBack,
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Remove' });
    await user.click(button);
    await waitFor(() => expect(handBack).toHaveBeenCalledTimes(1));
    expect(button).toHaveAttribute('data-saved', 'true');
    expect(backend.posts()).toHaveLength(2); // the lost answer, then its automatic retry
    expect(new Set(backend.keys()).size).toBe(1);
    expect(backend.records.size).toBe(1);
  });
});
