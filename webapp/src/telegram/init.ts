import {
  bindMiniAppCssVars,
  bindThemeParamsCssVars,
  bindViewportCssVars,
  expandViewport,
  init,
  miniAppReady,
  mountBackButton,
  mountMainButton,
  mountMiniAppSync,
  mountThemeParamsSync,
  mountViewport,
  restoreInitData,
} from '@telegram-apps/sdk-react';
import { getLaunch, type Launch } from './launch';

let initialized = false;

/**
 * Starts the SDK: theme params bound to `--tg-theme-*` CSS variables (telegram-ui reads them),
 * mini-app and viewport mounted, viewport expanded, main and back buttons mounted. Outside
 * Telegram it does nothing and the app runs with its in-page fallbacks. Never throws: a client
 * that misbehaves must not cost the user the screen.
 */
export function initTelegram(): Launch {
  const launch = getLaunch();
  if (!launch.inTelegram || initialized) return launch;
  initialized = true;
  try {
    init();
    restoreInitData();
    mountThemeParamsSync.ifAvailable();
    bindThemeParamsCssVars.ifAvailable();
    mountMiniAppSync.ifAvailable();
    bindMiniAppCssVars.ifAvailable();
    mountMainButton.ifAvailable();
    mountBackButton.ifAvailable();
    // Forms need the full height; expanding does not wait for the viewport to report.
    expandViewport.ifAvailable();
    if (mountViewport.isAvailable()) {
      mountViewport()
        .then(() => bindViewportCssVars.ifAvailable())
        .catch(() => undefined);
    }
  } catch (error) {
    console.warn('Telegram SDK init failed', error);
  }
  return launch;
}

let ready = false;

/**
 * Tells Telegram the first screen can show (it hides its own loading placeholder). Called by
 * every screen when it mounts; only the first call counts.
 */
export function markReady(): void {
  if (ready || !initialized) return;
  ready = true;
  miniAppReady.ifAvailable();
}
