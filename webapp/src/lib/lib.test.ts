import * as contract from '@gebere/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openAt } from '../test-kit/render';
import { applyFieldErrors } from './forms/field-errors';
import { lazyZodResolver } from './forms/resolver';
import { activeLanguage, currentLanguage, initI18n, localName, pickLanguage, t } from './i18n/texts';
import { checkProof, markUnauthorized, useAuthStore } from './launch/proof';
import {
  defaultRuntimeConfig,
  parseRuntimeConfig,
  resetRuntimeConfigForTests,
  runtimeConfig,
} from './launch/runtime-config';
import { once, useLoad } from './loading';
import { toast, useToastStore } from './ui/toast';

describe('runtime config', () => {
  afterEach(() => {
    document.getElementById('gebere-config')?.remove();
    delete (window as unknown as Record<string, unknown>).__GEBERE__;
    resetRuntimeConfigForTests();
  });

  it('defaults to the embedded same-origin server, and the default satisfies the contract', () => {
    resetRuntimeConfigForTests();
    expect(runtimeConfig()).toEqual(defaultRuntimeConfig);
    expect(contract.runtimeConfig.parse(defaultRuntimeConfig)).toEqual(defaultRuntimeConfig);
  });

  it('reads the JSON the server put in index.html', () => {
    const injected = {
      backendUrl: 'https://api.example/backend',
      companionUrl: 'https://bot.example',
      botUsername: 'gebere_bot',
      languages: ['am', 'en'],
      defaultLanguage: 'am',
    };
    document.head.insertAdjacentHTML(
      'beforeend',
      `<script id="gebere-config" type="application/json">${JSON.stringify(injected)}</script>`,
    );
    resetRuntimeConfigForTests();
    expect(runtimeConfig()).toEqual(injected);
  });

  it('ignores the untouched placeholder and prefers window.__GEBERE__', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script id="gebere-config" type="application/json"><!--gebere-runtime-config--></script>',
    );
    resetRuntimeConfigForTests();
    expect(runtimeConfig()).toEqual(defaultRuntimeConfig);
    (window as unknown as Record<string, unknown>).__GEBERE__ = { backendUrl: '/b' };
    resetRuntimeConfigForTests();
    expect(runtimeConfig().backendUrl).toBe('/b');
  });

  it('knows every bundled language, Afaan Oromo too', () => {
    expect(defaultRuntimeConfig.languages).toEqual(['en', 'am', 'om']);
    expect(parseRuntimeConfig({ languages: ['om', 'fr'], defaultLanguage: 'om' })).toMatchObject({
      languages: ['om'],
      defaultLanguage: 'om',
    });
  });

  it('keeps valid fields and defaults the rest', () => {
    expect(
      parseRuntimeConfig({ backendUrl: 3, companionUrl: '/c', languages: ['fr'], defaultLanguage: 'fr' }),
    ).toEqual({
      ...defaultRuntimeConfig,
      companionUrl: '/c',
    });
  });
});

describe('signed link state', () => {
  beforeEach(() => vi.useRealTimers());

  it('is expired once exp has passed, ok before, missing without a signature', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    openAt(`/feedback?advisory_id=1&tg=7&exp=${exp}&sig=x`);
    expect(checkProof()).toBe('ok');
    expect(checkProof(exp * 1000 + 1)).toBe('expired');
    openAt('/feedback?advisory_id=1');
    expect(checkProof()).toBe('missing');
  });

  it('a 401 means "expired" for an expired link and "unauthorized" otherwise', () => {
    openAt(`/feedback?tg=7&exp=${Math.floor(Date.now() / 1000) + 60}&sig=x`);
    markUnauthorized();
    expect(useAuthStore.getState().status).toBe('unauthorized');
  });
});

describe('language', () => {
  afterEach(async () => {
    await initI18n('en');
  });

  it('takes lang from the link first, then Telegram, then English', () => {
    expect(pickLanguage('am', 'en')).toBe('am');
    expect(pickLanguage(null, 'am-ET')).toBe('am');
    expect(pickLanguage(null, 'om')).toBe('om');
    expect(pickLanguage('om', 'am')).toBe('om');
    expect(pickLanguage(null, 'ti')).toBe('en');
    expect(pickLanguage(undefined, undefined)).toBe('en');
  });

  it('loads Amharic only when asked, and falls back to English per key', async () => {
    expect(activeLanguage()).toBe('en');
    expect(t('group.types.men_only')).toBe('Men only');
    await expect(initI18n('am')).resolves.toBe('am');
    expect(currentLanguage()).toBe('am');
    expect(document.documentElement.lang).toBe('am');
    expect(t('group.types.men_only')).toBe('ወንዶች ብቻ');
    expect(t('validation.required')).not.toBe('Required');
  });

  it('loads Afaan Oromo only when asked, with its own plural forms', async () => {
    expect(activeLanguage()).toBe('en');
    await expect(initI18n('om')).resolves.toBe('om');
    expect(currentLanguage()).toBe('om');
    expect(document.documentElement.lang).toBe('om');
    expect(t('group.types.men_only')).toBe('Dhiirota qofa');
    expect(t('common.outbox.waiting', { count: 1 })).toBe('Galmeen 1 qunnamtii eegaa jira');
    expect(t('common.outbox.waiting', { count: 0 })).toBe('Galmeewwan 0 qunnamtii eegaa jiru');
    // The operator's Oromo name where written; else the Latin one, never the Amharic.
    expect(localName({ name: 'North Gondar', name_am: 'ሰሜን ጎንደር', name_om: 'Gondar Kaabaa' })).toBe(
      'Gondar Kaabaa',
    );
    expect(localName({ name: 'Oromia', name_am: 'ኦሮሚያ' })).toBe('Oromia');
  });

  it('fills {{vars}}, picks plural forms by count, and never shows an empty text', () => {
    expect(t('common.outbox.waiting', { count: 1 })).toBe('1 record waiting for signal');
    expect(t('common.outbox.waiting', { count: 3 })).toBe('3 records waiting for signal');
    expect(t('errors.request_failed', { status: '418' })).toContain('418');
    expect(t('no.such_key' as never)).toBe('no.such_key');
  });

  it('names things by name_am for Amharic readers when present', async () => {
    expect(localName({ name: 'Teff', name_am: 'ጤፍ' }, 'am')).toBe('ጤፍ');
    expect(localName({ name: 'Teff', name_am: 'ጤፍ' }, 'en')).toBe('Teff');
    expect(localName({ name: 'Teff', name_am: null }, 'am')).toBe('Teff');
    expect(localName({ name: 'Teff', name_am: '  ' }, 'am')).toBe('Teff');
    expect(localName({ name: 'Dabat' }, 'am')).toBe('Dabat');
    // The screen's language by default.
    expect(localName({ name: 'Amhara', name_am: 'አማራ' })).toBe('Amhara');
    await initI18n('am');
    expect(localName({ name: 'Amhara', name_am: 'አማራ' })).toBe('አማራ');
  });
});

describe('form helpers', () => {
  it('lazyZodResolver maps contract issues to the spec keys', async () => {
    const resolver = lazyZodResolver(() => Promise.resolve(contract.newGroupFields));
    const empty = await resolver({ group_name: ' ', group_type: '' } as never, undefined, {} as never);
    expect(empty.errors).toMatchObject({
      group_name: { message: 'Required' },
      group_type: { message: 'Required' },
    });
    const long = await resolver(
      { group_name: 'x'.repeat(300), group_type: 'mixed' } as never,
      undefined,
      {} as never,
    );
    expect(long.errors).toMatchObject({ group_name: { message: 'Must be at most 255 characters' } });
    // a limit of one is said in the singular (Intl.PluralRules)
    const single = lazyZodResolver(() => Promise.resolve(z.object({ code: z.string().max(1) })));
    const tooLong = await single({ code: 'xy' } as never, undefined, {} as never);
    expect(tooLong.errors).toMatchObject({ code: { message: 'Must be at most 1 character' } });
    const ok = await resolver(
      { group_name: ' Tesfa ', group_type: 'mixed' } as never,
      undefined,
      {} as never,
    );
    expect(ok).toEqual({ values: { group_name: 'Tesfa', group_type: 'mixed' }, errors: {} });
  });

  it('lazyZodResolver says why a name with a refused character is refused', async () => {
    const resolver = lazyZodResolver(() => Promise.resolve(contract.newGroupFields));
    const at = async (group_name: string) =>
      (await resolver({ group_name, group_type: 'mixed' } as never, undefined, {} as never)).errors;
    expect(await at('Tes\u0000fa')).toMatchObject({
      group_name: { message: 'Must not contain a NUL character (\\u0000)' },
    });
    expect(await at('Tes\ud800fa')).toMatchObject({
      group_name: { message: expect.stringContaining('lone UTF-16 surrogate') },
    });
    expect(await at('Tesfa\u202Etxt.exe')).toMatchObject({
      group_name: { message: expect.stringContaining('text-direction') },
    });
    expect(await at('ተስፋ 😀')).toEqual({});
  });

  it('lazyZodResolver uses a field’s own message for other issues', async () => {
    const schema = contract.newGroupFields.extend({
      phone: (await import('zod')).z.string().regex(/^09\d{8}$/),
    });
    const resolver = lazyZodResolver(() => Promise.resolve(schema), {
      phone: 'validation.phone_number_validation',
    });
    const r = await resolver(
      { group_name: 'a', group_type: 'mixed', phone: '123' } as never,
      undefined,
      {} as never,
    );
    expect(r.errors).toMatchObject({
      phone: { message: 'Phone number must start with 09 or 07 and have 10 digits' },
    });
  });

  it('applyFieldErrors sets known fields (renamed ones too) and returns the rest', () => {
    const setError = vi.fn();
    const rest = applyFieldErrors(
      setError,
      { group_name: 'Taken, Too short', sex: 'Invalid', non_field_errors: 'Duplicate' },
      ['group_name', 'gender'],
      { sex: 'gender' },
    );
    expect(setError).toHaveBeenCalledWith(
      'group_name',
      { type: 'server', message: 'Taken, Too short' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'gender',
      { type: 'server', message: 'Invalid' },
      { shouldFocus: false },
    );
    expect(rest).toEqual(['Duplicate']);
  });
});

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('is top-center for 3000 ms by default; placement and duration are options', () => {
    toast.error('A');
    toast.show('B', { placement: 'top-right', duration: 5000 });
    expect(useToastStore.getState().toasts.map((x) => [x.message, x.placement, x.duration])).toEqual([
      ['A', 'top-center', 3000],
      ['B', 'top-right', 5000],
    ]);
    vi.advanceTimersByTime(3000);
    expect(useToastStore.getState().toasts.map((x) => x.message)).toEqual(['B']);
    vi.advanceTimersByTime(2000);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('shows a repeated message once', () => {
    toast.error('A');
    toast.error('A');
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });
});

describe('loading', () => {
  it('starts once for every caller, and again after a failure (a download lost to the signal)', async () => {
    let starts = 0;
    const chunk = once(() => (++starts === 1 ? Promise.reject(new Error('lost')) : Promise.resolve(starts)));
    await expect(chunk()).rejects.toThrow('lost');
    expect(await Promise.all([chunk(), chunk()])).toEqual([2, 2]);
    expect(await chunk()).toBe(2);
    expect(starts).toBe(2);
  });

  it('shows the answer for the current parameters only, and reads again on retry', async () => {
    const answers: Array<(value: { status: 'ready'; id: number }) => void> = [];
    const load = (id: number) => () =>
      new Promise<{ status: 'ready'; id: number }>((resolve) => {
        answers[id] = resolve;
      });
    const { result, rerender } = renderHook(({ id }) => useLoad(id ? load(id) : undefined, [id]), {
      initialProps: { id: 0 },
    });
    expect(answers).toEqual([]);
    rerender({ id: 1 });
    rerender({ id: 2 });
    await act(async () => answers[1]?.({ status: 'ready', id: 1 })); // late: the link moved on
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => answers[2]?.({ status: 'ready', id: 2 }));
    expect(result.current.state).toEqual({ status: 'ready', id: 2 });
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => answers[2]?.({ status: 'ready', id: 2 }));
    expect(result.current.state).toEqual({ status: 'ready', id: 2 });
  });
});
