import { retrieveLaunchParams, retrieveRawInitData } from '@telegram-apps/sdk-react';
import { fromHash, isDarkColor } from '../lib/launch-hash';
import { ensureSessionStorage } from './session-storage';

/** What the rest of the app may know about how it was launched. */
export interface Launch {
  /** Launched by a Telegram client (or the emulator, or the dev mock). */
  inTelegram: boolean;
  /** Telegram's signed initData exactly as received; undefined from reply-keyboard buttons. */
  rawInitData: string | undefined;
  /** Present for inline-mode and menu launches that can be answered with answerWebAppQuery. */
  queryId: string | undefined;
  /** `android`, `ios`, `tdesktop`, `weba`…; `unknown` outside Telegram. */
  platform: string;
  /** Mini Apps API version of the client, e.g. `8.0`. */
  version: string | undefined;
  userId: number | undefined;
  /** The Telegram user's IETF language tag, e.g. `am`. */
  languageCode: string | undefined;
  /** Whether the theme Telegram started us with is dark; undefined outside Telegram. */
  startDark: boolean | undefined;
}

export const outsideTelegram: Launch = {
  inTelegram: false,
  rawInitData: undefined,
  queryId: undefined,
  platform: 'unknown',
  version: undefined,
  userId: undefined,
  languageCode: undefined,
  startDark: undefined,
};

/**
 * Whether a Telegram client can hear us: the mobile/desktop proxy, or a parent window (Telegram
 * Web and the emulator host the app in an iframe). Launch parameters alone (a launch URL pasted
 * into a browser) are not enough: every SDK call would throw.
 */
function hasClient(): boolean {
  const proxy = (window as { TelegramWebviewProxy?: { postEvent?: unknown } }).TelegramWebviewProxy;
  if (typeof proxy?.postEvent === 'function') return true;
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent: we are framed
  }
}

/**
 * Reads the launch parameters from the URL (or the SDK's session copy). Never throws: without
 * valid parameters (a plain browser) the app runs "outside Telegram".
 */
export function readLaunch(): Launch {
  if (!hasClient()) return outsideTelegram;
  // Before the SDK's first call: it throws when framed cross-site and denied storage.
  ensureSessionStorage();
  try {
    const lp = retrieveLaunchParams();
    const data = lp.tgWebAppData;
    const raw = data ? retrieveRawInitData() : undefined;
    return {
      inTelegram: true,
      rawInitData: raw || undefined,
      queryId: data?.query_id || undefined,
      platform: lp.tgWebAppPlatform,
      version: lp.tgWebAppVersion,
      userId: data?.user?.id,
      languageCode: data?.user?.language_code,
      startDark: isDarkColor(lp.tgWebAppThemeParams.bg_color),
    };
  } catch {
    // Should the storage fallback fail (see session-storage.ts), the SDK throws on its session
    // copy: the URL's hash still has the launch.
    return fromHash(window.location.hash) ?? outsideTelegram;
  }
}

let current: Launch | undefined;

/** The launch as read once at startup (see initTelegram). */
export function getLaunch(): Launch {
  current ??= readLaunch();
  return current;
}

/** Tests only: force a launch without the SDK. */
export function setLaunchForTests(launch: Launch | undefined): void {
  current = launch;
}
