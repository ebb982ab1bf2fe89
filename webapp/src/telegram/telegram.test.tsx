import { LIMITS } from '@gebere/contract/rules';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorization } from '../lib/launch/proof';
import { resetRuntimeConfigForTests } from '../lib/launch/runtime-config';
import { publish, resetOutboxViewForTests } from '../lib/outbox/view';
import { useConfirmStore } from '../lib/ui/confirm-store';
import { toast, useToastStore } from '../lib/ui/toast';
import { installFakeFetch, json, route } from '../test-kit/fake-fetch';
import { openAt } from '../test-kit/render';
import { handBack, handBackChannel } from './hand-back';
import { initTelegram, markReady, parentOrigin, resetTelegramForTests } from './init';
import { getLaunch, outsideTelegram, readLaunch, setLaunchForTests } from './launch';
import { useMainButton } from './main-button';
import { showConfirm } from './popup';
import * as sdk from './test-kit/sdk-mock';

vi.mock('@telegram-apps/sdk-react', () => import('./test-kit/sdk-mock'));

const RAW_INIT_DATA = 'query_id=AAq1&user=%7B%22id%22%3A7%7D&auth_date=1&signature=s&hash=h';
const result = { kind: 'group_added', group_id: 41, group_name: 'Tesfa' } as const;

function launchIn(kind: 'keyboard' | 'inline' | 'menu' | 'browser') {
  setLaunchForTests(
    kind === 'browser'
      ? outsideTelegram
      : {
          ...outsideTelegram,
          inTelegram: true,
          platform: 'android',
          rawInitData: kind === 'keyboard' ? undefined : RAW_INIT_DATA,
          queryId: kind === 'inline' ? 'AAq1' : undefined,
        },
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  sdk.sendData.setAvailable(true);
  sdk.openPopup.setAvailable(true);
  openAt('/add_development_group?da_id=5&kebele_id=9&tg=7&exp=9999999999&sig=abc');
  resetRuntimeConfigForTests();
});

afterEach(() => {
  document.getElementById('gebere-config')?.remove();
});

describe('launch', () => {
  const telegramLaunch = {
    tgWebAppPlatform: 'android',
    tgWebAppVersion: '8.0',
    tgWebAppThemeParams: { bg_color: '#17212b' },
    tgWebAppData: { query_id: 'AAq1', user: { id: 7, language_code: 'am' } },
  };
  afterEach(() => {
    delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
  });

  it('reads initData, query_id, platform, language and the start theme from the SDK', () => {
    (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy = { postEvent: () => undefined };
    sdk.retrieveLaunchParams.mockReturnValueOnce({
      tgWebAppPlatform: 'android',
      tgWebAppVersion: '8.0',
      tgWebAppThemeParams: { bg_color: '#17212b' },
      tgWebAppData: { query_id: 'AAq1', user: { id: 7, language_code: 'am' } },
    });
    sdk.retrieveRawInitData.mockReturnValueOnce(RAW_INIT_DATA);
    expect(readLaunch()).toEqual({
      inTelegram: true,
      rawInitData: RAW_INIT_DATA,
      queryId: 'AAq1',
      platform: 'android',
      version: '8.0',
      userId: 7,
      languageCode: 'am',
      startDark: true,
    });
  });

  it('is "outside Telegram" when the SDK finds no launch parameters, without throwing', () => {
    (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy = { postEvent: () => undefined };
    expect(readLaunch()).toEqual(outsideTelegram);
  });

  it('is in Telegram when storage is denied (framed on another site) and the hash has the parameters', () => {
    (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy = { postEvent: () => undefined };
    const denied = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    // The SDK reads (and writes) its session copy while retrieving: with storage denied it throws.
    sdk.retrieveLaunchParams.mockImplementationOnce(() => window.sessionStorage.getItem('x') as never);
    const hash = new URLSearchParams({
      tgWebAppData: RAW_INIT_DATA.replace(
        '%7B%22id%22%3A7%7D',
        encodeURIComponent('{"id":7,"language_code":"am"}'),
      ),
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'weba',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#212121' }),
    });
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${hash}`);
    try {
      expect(readLaunch()).toEqual({
        inTelegram: true,
        rawInitData: RAW_INIT_DATA.replace(
          '%7B%22id%22%3A7%7D',
          encodeURIComponent('{"id":7,"language_code":"am"}'),
        ),
        queryId: 'AAq1',
        platform: 'weba',
        version: '8.0',
        userId: 7,
        languageCode: 'am',
        startDark: true,
      });
    } finally {
      denied.mockRestore();
      window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
    }
  });

  it('is "outside Telegram" with launch parameters but no client to talk to (a pasted launch URL)', () => {
    sdk.retrieveLaunchParams.mockReturnValue(telegramLaunch);
    expect(readLaunch()).toEqual(outsideTelegram);
    sdk.retrieveLaunchParams.mockImplementation(() => {
      throw new Error('no launch params');
    });
  });
});

describe('initTelegram', () => {
  beforeEach(() => resetTelegramForTests());

  it('inits the SDK, binds the theme, mounts buttons, expands; ready() once, when a screen shows', () => {
    launchIn('keyboard');
    initTelegram();
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.mountThemeParamsSync).toHaveBeenCalled();
    expect(sdk.bindThemeParamsCssVars).toHaveBeenCalled();
    expect(sdk.mountMiniAppSync).toHaveBeenCalled();
    expect(sdk.mountMainButton).toHaveBeenCalled();
    expect(sdk.mountBackButton).toHaveBeenCalled();
    expect(sdk.expandViewport).toHaveBeenCalled();
    expect(sdk.miniAppReady).not.toHaveBeenCalled();
    markReady();
    markReady();
    expect(sdk.miniAppReady).toHaveBeenCalledTimes(1);
  });

  it('addresses the framing page (the emulator) instead of web.telegram.org only', () => {
    const top = Object.getOwnPropertyDescriptor(window, 'top');
    Object.defineProperty(window, 'top', { configurable: true, get: () => ({}) });
    Object.defineProperty(document, 'referrer', {
      configurable: true,
      get: () => 'http://localhost:8080/emulator/',
    });
    try {
      expect(parentOrigin()).toBe('http://localhost:8080');
      launchIn('inline');
      initTelegram();
      expect(sdk.targetOrigin.set).toHaveBeenCalledWith('http://localhost:8080');
    } finally {
      if (top) Object.defineProperty(window, 'top', top);
      Reflect.deleteProperty(document, 'referrer');
    }
    expect(parentOrigin()).toBeUndefined();
  });

  it('asks while the outbox holds records waiting for signal, and stops once they are sent', () => {
    launchIn('menu');
    initTelegram();
    const record = { key: 'k', seq: 1, route: 'createFarmer', input: {}, capturedAt: '', batch: 'k' };
    publish([{ ...record, state: 'pending' }]);
    expect(sdk.enableClosingConfirmation).toHaveBeenCalledTimes(1);
    publish([{ ...record, state: 'saved' }]);
    expect(sdk.disableClosingConfirmation).toHaveBeenCalledTimes(1);
    resetOutboxViewForTests();
  });

  it('does nothing outside Telegram', () => {
    launchIn('browser');
    initTelegram();
    markReady();
    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.miniAppReady).not.toHaveBeenCalled();
  });

  it('survives an SDK that throws', () => {
    launchIn('inline');
    sdk.init.mockImplementationOnce(() => {
      throw new Error('unknown env');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => initTelegram()).not.toThrow();
    warn.mockRestore();
  });
});

describe('closing confirmation', () => {
  beforeEach(() => resetTelegramForTests());

  /** Types into a field of a form on the page, as a DA does. */
  function typeIntoForm() {
    const form = document.createElement('form');
    const input = document.createElement('input');
    form.append(input);
    document.body.append(form);
    input.value = 'Almaz';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return form;
  }

  it('asks before closing once a form has input, and not before', () => {
    launchIn('menu');
    initTelegram();
    expect(sdk.mountClosingBehavior).toHaveBeenCalled();
    expect(sdk.enableClosingConfirmation).not.toHaveBeenCalled();
    const form = typeIntoForm();
    expect(sdk.enableClosingConfirmation).toHaveBeenCalledTimes(1);
    form.remove();
  });

  it('lets go right before the app closes itself after a hand-back (no question for a saved form)', async () => {
    launchIn('inline');
    initTelegram();
    const form = typeIntoForm();
    installFakeFetch(route('POST', '/tg/result', () => json(200, { delivered: 'answer_web_app_query' })));
    await expect(handBack(result)).resolves.toBe(true);
    expect(sdk.disableClosingConfirmation).toHaveBeenCalledTimes(1);
    expect(sdk.disableClosingConfirmation.mock.invocationCallOrder[0]).toBeLessThan(
      sdk.closeMiniApp.mock.invocationCallOrder[0] ?? 0,
    );
    form.remove();
  });

  it('lets go before sendData too (Telegram closes the app when the data arrives)', async () => {
    launchIn('keyboard');
    initTelegram();
    const form = typeIntoForm();
    await expect(handBack(result)).resolves.toBe(true);
    expect(sdk.disableClosingConfirmation.mock.invocationCallOrder[0]).toBeLessThan(
      sdk.sendData.mock.invocationCallOrder[0] ?? 0,
    );
    form.remove();
  });

  it('asks while the outbox holds records waiting for signal, and stops once they are sent', () => {
    launchIn('menu');
    initTelegram();
    const record = { key: 'k', seq: 1, route: 'createFarmer', input: {}, capturedAt: '', batch: 'k' };
    publish([{ ...record, state: 'pending' }]);
    expect(sdk.enableClosingConfirmation).toHaveBeenCalledTimes(1);
    publish([{ ...record, state: 'saved' }]);
    expect(sdk.disableClosingConfirmation).toHaveBeenCalledTimes(1);
    resetOutboxViewForTests();
  });

  it('does nothing outside Telegram', () => {
    launchIn('browser');
    initTelegram();
    const form = typeIntoForm();
    expect(sdk.enableClosingConfirmation).not.toHaveBeenCalled();
    form.remove();
  });
});

describe('proof header', () => {
  it('sends initData as `tma <raw>` when Telegram gave it', () => {
    launchIn('inline');
    expect(authorization()).toBe(`tma ${RAW_INIT_DATA}`);
  });

  it('sends the signed link as received, path and query, when there is no initData', () => {
    launchIn('keyboard');
    expect(authorization()).toBe(
      'link /add_development_group?da_id=5&kebele_id=9&tg=7&exp=9999999999&sig=abc',
    );
  });

  it('keeps the launch link after in-app navigation', () => {
    launchIn('browser');
    window.history.pushState({ depth: 1 }, '', '/feedback');
    expect(authorization()).toBe(
      'link /add_development_group?da_id=5&kebele_id=9&tg=7&exp=9999999999&sig=abc',
    );
  });

  it('sends nothing without initData or a signature', () => {
    openAt('/add_development_group?da_id=5&kebele_id=9');
    launchIn('browser');
    expect(authorization()).toBeUndefined();
  });
});

describe('handBack', () => {
  it('uses sendData when opened from a reply-keyboard button (no initData)', async () => {
    launchIn('keyboard');
    const { fetch } = installFakeFetch();
    expect(handBackChannel()).toBe('send_data');
    await expect(handBack(result)).resolves.toBe(true);
    expect(sdk.sendData).toHaveBeenCalledWith(JSON.stringify(result));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('POSTs to the companion /tg/result with the initData proof, then closes (inline query)', async () => {
    launchIn('inline');
    const { requests } = installFakeFetch(
      route('POST', '/tg/result', () => json(200, { delivered: 'answer_web_app_query' })),
    );
    await expect(handBack(result)).resolves.toBe(true);
    expect(sdk.sendData).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.Authorization).toBe(`tma ${RAW_INIT_DATA}`);
    expect(requests[0]?.body).toEqual({ result });
    expect(sdk.closeMiniApp).toHaveBeenCalled();
  });

  it('POSTs too with initData but no query_id (the server writes to the user’s chat)', async () => {
    launchIn('menu');
    const { requests } = installFakeFetch(
      route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
    );
    await expect(handBack(result)).resolves.toBe(true);
    expect(requests[0]?.path).toBe('/tg/result');
    expect(sdk.closeMiniApp).toHaveBeenCalled();
  });

  // Spec §8's success toasts ("Reach recorded successfully.") must be readable: the app closes
  // only once the toast has been on screen for LIMITS.successToastReadMs, on either channel.
  describe('after a success toast', () => {
    const READ_MS = LIMITS.successToastReadMs;
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      toast.clear();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('keeps the app open until the toast has been read, sending nothing twice', async () => {
      launchIn('menu');
      const { requests } = installFakeFetch(
        route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
      );
      toast.success('Reach recorded successfully.');
      await expect(handBack(result)).resolves.toBe(true);
      expect(sdk.closeMiniApp).not.toHaveBeenCalled();
      // a second press while the toast shows: no second summary
      await expect(handBack(result)).resolves.toBe(true);
      expect(requests).toHaveLength(1);
      vi.advanceTimersByTime(READ_MS - 1);
      expect(sdk.closeMiniApp).not.toHaveBeenCalled();
      expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Reach recorded successfully.']);
      vi.advanceTimersByTime(1);
      expect(sdk.closeMiniApp).toHaveBeenCalledTimes(1);
    });

    it('counts the time the toast already showed while the result was on its way', async () => {
      launchIn('menu');
      installFakeFetch(route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })));
      toast.success('Group added.');
      vi.advanceTimersByTime(READ_MS - 300); // a slow POST /tg/result
      await expect(handBack(result)).resolves.toBe(true);
      vi.advanceTimersByTime(299);
      expect(sdk.closeMiniApp).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(sdk.closeMiniApp).toHaveBeenCalledTimes(1);
    });

    it('sends the data (which closes the app) only once the toast has been read', async () => {
      launchIn('keyboard');
      const handedBack = handBack(result, undefined, 'Feedback sent successfully');
      await vi.advanceTimersByTimeAsync(READ_MS - 1);
      expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Feedback sent successfully']);
      expect(sdk.sendData).not.toHaveBeenCalled();
      // a second press meanwhile: nothing sent twice
      await expect(handBack(result, undefined, 'Feedback sent successfully')).resolves.toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      await expect(handedBack).resolves.toBe(true);
      expect(sdk.sendData).toHaveBeenCalledTimes(1);
      expect(sdk.sendData).toHaveBeenCalledWith(JSON.stringify(result));
    });

    it('takes the toast back when sendData fails: only the error shows, the app stays', async () => {
      launchIn('keyboard');
      vi.mocked(sdk.sendData).mockImplementationOnce(() => {
        throw new Error('WebAppDataInvalid');
      });
      const handedBack = handBack(result, undefined, 'Feedback sent successfully');
      await vi.advanceTimersByTimeAsync(READ_MS);
      await expect(handedBack).resolves.toBe(false);
      expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
        'Error sending message to bot, please try again',
      ]);
    });

    it('closes at once when no success toast shows', async () => {
      launchIn('keyboard');
      await expect(handBack(result)).resolves.toBe(true);
      expect(sdk.sendData).toHaveBeenCalledTimes(1);
    });
  });

  it('uses the companion URL from the injected runtime config', async () => {
    launchIn('inline');
    const el = Object.assign(document.createElement('script'), {
      id: 'gebere-config',
      type: 'application/json',
      textContent: JSON.stringify({
        backendUrl: '/backend',
        companionUrl: 'https://bot.example/',
        botUsername: 'gebere_bot',
        languages: ['en', 'am'],
        defaultLanguage: 'en',
      }),
    });
    document.head.append(el);
    resetRuntimeConfigForTests();
    const { requests } = installFakeFetch(() => json(200, { delivered: 'chat_message' }));
    await handBack(result);
    expect(requests[0]?.url).toBe('https://bot.example/tg/result');
  });

  it('toasts error_sending_message_to_bot and stays open when the POST fails', async () => {
    launchIn('inline');
    installFakeFetch(route('POST', '/tg/result', () => json(500, {})));
    await expect(handBack(result)).resolves.toBe(false);
    expect(sdk.closeMiniApp).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
      'Error sending message to bot, please try again',
    ]);
  });

  it('keeps the screen’s toast placement for the failure toast', async () => {
    launchIn('inline');
    installFakeFetch(() => Promise.reject(new TypeError('offline')));
    await handBack(result, { placement: 'top-right', duration: 5000 });
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      placement: 'top-right',
      duration: 5000,
      kind: 'error',
    });
  });

  it('refuses a result that is not a valid typed result', async () => {
    launchIn('keyboard');
    // @ts-expect-error an invalid result on purpose
    await expect(handBack({ kind: 'group_added', group_id: -1 })).resolves.toBe(false);
    expect(sdk.sendData).not.toHaveBeenCalled();
  });
});

describe('useMainButton', () => {
  function Probe(props: { loading?: boolean; onClick: () => void }) {
    const { native } = useMainButton({ text: 'Add', ...props });
    return <span>{native ? 'native' : 'in-page'}</span>;
  }

  it('drives Telegram’s button and ignores presses while loading', () => {
    launchIn('inline');
    const onClick = vi.fn();
    const { rerender, unmount } = render(<Probe onClick={onClick} />);
    expect(screen.getByText('native')).toBeInTheDocument();
    expect(sdk.setMainButtonParams).toHaveBeenLastCalledWith({
      text: 'Add',
      isVisible: true,
      isEnabled: true,
      isLoaderVisible: false,
    });
    act(() => {
      for (const fn of sdk.listeners.main) fn();
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<Probe onClick={onClick} loading />);
    expect(sdk.setMainButtonParams).toHaveBeenLastCalledWith({
      text: 'Add',
      isVisible: true,
      isEnabled: false,
      isLoaderVisible: true,
    });
    act(() => {
      for (const fn of sdk.listeners.main) fn();
    });
    expect(onClick).toHaveBeenCalledTimes(1);
    unmount();
    expect(sdk.setMainButtonParams).toHaveBeenLastCalledWith({ isVisible: false, isLoaderVisible: false });
    expect(sdk.listeners.main.size).toBe(0);
  });

  it('is not native outside Telegram', () => {
    launchIn('browser');
    render(<Probe onClick={() => undefined} />);
    expect(screen.getByText('in-page')).toBeInTheDocument();
    expect(sdk.setMainButtonParams).not.toHaveBeenCalled();
  });
});

describe('showConfirm', () => {
  it('uses Telegram’s popup with Cancel and Remove when supported', async () => {
    launchIn('inline');
    sdk.openPopup.mockResolvedValueOnce('confirm');
    await expect(showConfirm('Are you sure you want to remove this notification?')).resolves.toBe(true);
    expect(sdk.openPopup).toHaveBeenCalledWith({
      message: 'Are you sure you want to remove this notification?',
      buttons: [
        { id: 'cancel', type: 'default', text: 'Cancel' },
        { id: 'confirm', type: 'destructive', text: 'Remove' },
      ],
    });
  });

  it('falls back to the in-page dialog when popups are not supported', async () => {
    launchIn('inline');
    sdk.openPopup.setAvailable(false);
    const answer = showConfirm('Remove?');
    const request = useConfirmStore.getState().request;
    expect(request).toMatchObject({ message: 'Remove?', confirmText: 'Remove', cancelText: 'Cancel' });
    request?.resolve(false);
    await expect(answer).resolves.toBe(false);
    expect(useConfirmStore.getState().request).toBeNull();
  });
});

it('getLaunch caches the launch read at startup', () => {
  setLaunchForTests(undefined);
  const first = getLaunch();
  expect(getLaunch()).toBe(first);
});
