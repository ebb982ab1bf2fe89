import { vi } from 'vitest';

/**
 * A stand-in for `@telegram-apps/sdk-react` at the module boundary, for the telegram layer's
 * tests: each SDK function is a vi.fn with the SDK's `isAvailable()` / `ifAvailable()`.
 * Usage: `vi.mock('@telegram-apps/sdk-react', () => import('./test-kit/sdk-mock'))` (from telegram/), then drive `sdk`.
 */
function safe<A extends unknown[], R>(impl: (...args: A) => R) {
  const fn = vi.fn(impl);
  const available = { value: true };
  return Object.assign(fn, {
    isAvailable: vi.fn(() => available.value),
    ifAvailable: vi.fn((...args: A): [true, R] | [false] =>
      available.value ? [true, fn(...args)] : [false],
    ),
    setAvailable(value: boolean) {
      available.value = value;
    },
  });
}

type ClickListener = () => void;
export const listeners = { main: new Set<ClickListener>(), back: new Set<ClickListener>() };

export const retrieveLaunchParams = vi.fn((): unknown => {
  throw new Error('no launch params');
});
export const retrieveRawInitData = vi.fn((): string | undefined => undefined);
export const sendData = safe((_data: string) => undefined);
export const closeMiniApp = safe(() => undefined);
export const openPopup = safe(async (_options: unknown): Promise<string | null> => null);
export const setMainButtonParams = safe((_params: unknown) => undefined);
export const onMainButtonClick = safe((fn: ClickListener) => {
  listeners.main.add(fn);
  return () => listeners.main.delete(fn);
});
export const showBackButton = safe(() => undefined);
export const hideBackButton = safe(() => undefined);
export const onBackButtonClick = safe((fn: ClickListener) => {
  listeners.back.add(fn);
  return () => listeners.back.delete(fn);
});
export const hapticFeedbackImpactOccurred = safe((_style: string) => undefined);
export const hapticFeedbackNotificationOccurred = safe((_type: string) => undefined);
export const hapticFeedbackSelectionChanged = safe(() => undefined);
export const init = vi.fn(() => () => undefined);
export const restoreInitData = vi.fn();
export const miniAppReady = safe(() => undefined);
export const mountThemeParamsSync = safe(() => undefined);
export const bindThemeParamsCssVars = safe(() => () => undefined);
export const mountMiniAppSync = safe(() => undefined);
export const bindMiniAppCssVars = safe(() => () => undefined);
export const mountMainButton = safe(() => undefined);
export const mountBackButton = safe(() => undefined);
export const expandViewport = safe(() => undefined);
export const mountViewport = safe(async () => undefined);
export const bindViewportCssVars = safe(() => () => undefined);

const signal = <T>(value: T) => Object.assign(() => value, { sub: () => () => undefined });
export const isThemeParamsDark = signal(false);
export const isThemeParamsMounted = signal(false);
export const useSignal = <T>(s: () => T) => s();
export const setMiniAppHeaderColor = safe((_color: string) => undefined);
export const setMiniAppBackgroundColor = safe((_color: string) => undefined);
export const targetOrigin = Object.assign(() => 'https://web.telegram.org', {
  set: vi.fn(),
  sub: () => () => undefined,
});
export const mountClosingBehavior = safe(() => undefined);
export const enableClosingConfirmation = safe(() => undefined);
export const disableClosingConfirmation = safe(() => undefined);
