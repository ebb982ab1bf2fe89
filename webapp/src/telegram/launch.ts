import { retrieveLaunchParams, retrieveRawInitData } from '@telegram-apps/sdk-react';
import {
  getLaunch,
  type Launch,
  outsideTelegram,
  setLaunchForTests,
  setLaunchReader,
} from '../lib/launch/launch';
import { fromHash, isDarkColor } from '../lib/launch/launch-hash';
import { ensureSessionStorage } from './session-storage';

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

setLaunchReader(readLaunch);

export { getLaunch, type Launch, outsideTelegram, setLaunchForTests };
