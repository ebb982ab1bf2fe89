/**
 * Tests only: the telegram layer over the real SDK (not sdk-mock), its client a proxy like
 * Telegram's own apps that records what we post. The SDK keeps module state (mounted buttons,
 * theme), so each scenario gets its own test file (a fresh module graph).
 */
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initTelegram } from '../init';
import { useMainButton } from '../main-button';

export const initData = new URLSearchParams({
  user: JSON.stringify({ id: 7, first_name: 'Abebe', language_code: 'am' }),
  auth_date: '1700000000',
  signature: 's',
  hash: 'h',
});

type Posted = [event: string, params: Record<string, unknown> | undefined];
type TelegramWindow = {
  TelegramWebviewProxy?: unknown;
  Telegram?: { WebView?: { receiveEvent?: (event: string, data?: unknown) => void } };
};
const posted: Posted[] = [];
const ownStorage = Object.getOwnPropertyDescriptor(window, 'sessionStorage');

/** Opens the app as Telegram Web would, with these theme params in the launch. */
export function launchWith(theme: Record<string, string>) {
  const hash = new URLSearchParams({
    tgWebAppData: initData.toString(),
    tgWebAppPlatform: 'weba',
    tgWebAppVersion: '8.0',
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  window.history.replaceState(null, '', `/feedback#${hash}`);
}

/** Chromium's answer in a cross-site frame with third-party cookies blocked. */
export function denyStorage() {
  Object.defineProperty(window, 'sessionStorage', {
    configurable: true,
    enumerable: true,
    get() {
      throw new DOMException("Failed to read the 'sessionStorage' property from 'Window'", 'SecurityError');
    },
  });
}

export function useRealSdkClient() {
  beforeEach(() => {
    posted.length = 0;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    (window as TelegramWindow).TelegramWebviewProxy = {
      postEvent: (event: string, params?: string) =>
        posted.push([event, params ? JSON.parse(params) : undefined]),
    };
  });
  afterEach(() => {
    // Back to the test DOM's own storage (denyStorage and the fallback redefine it).
    if (ownStorage) Object.defineProperty(window, 'sessionStorage', ownStorage);
    else Reflect.deleteProperty(window, 'sessionStorage');
    delete (window as TelegramWindow).TelegramWebviewProxy;
    vi.restoreAllMocks();
  });
}

/** Starts the telegram layer, renders a screen with a Send main button, presses it, leaves. */
export function sendFromMainButton() {
  const launch = initTelegram();
  const onClick = vi.fn();
  function SendButton() {
    const { native } = useMainButton({ text: 'Send', onClick });
    return <p>{native ? 'native' : 'in-page'}</p>;
  }
  const view = render(<SendButton />);
  const setups = () => posted.filter(([event]) => event === 'web_app_setup_main_button').map(([, p]) => p);
  const shown = setups().at(-1);
  // Telegram's apps deliver a press through window.Telegram.WebView.receiveEvent.
  act(() => (window as TelegramWindow).Telegram?.WebView?.receiveEvent?.('main_button_pressed'));
  const button = view.queryByText('native') ? 'native' : 'in-page';
  view.unmount();
  return { launch, button, shown, pressed: onClick.mock.calls.length, hidden: setups().at(-1) };
}
