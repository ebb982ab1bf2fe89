import {
  bindMiniAppCssVars,
  bindThemeParamsCssVars,
  bindViewportCssVars,
  expandViewport,
  init,
  miniAppReady,
  mountBackButton,
  mountClosingBehavior,
  mountMainButton,
  mountMiniAppSync,
  mountThemeParamsSync,
  mountViewport,
  restoreInitData,
  setMiniAppBackgroundColor,
  setMiniAppHeaderColor,
  targetOrigin,
} from '@telegram-apps/sdk-react';
import { guardUnsavedInput, resetClosingGuardForTests } from './closing-confirmation';
import { getLaunch, type Launch } from './launch';
import { attempt } from './safe';

let initialized = false;

/** The framing page's origin (Telegram Web, or the emulator's page), when framed. */
export function parentOrigin(): string | undefined {
  if (window.self === window.top) return undefined;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

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
    // In an iframe the SDK posts to window.parent with targetOrigin https://web.telegram.org,
    // so events to any other host (the emulator page) are dropped. Address the actual parent:
    // who may frame us at all is the server's CSP frame-ancestors (self + Telegram's origins).
    const parent = parentOrigin();
    if (parent) targetOrigin.set(parent);
    init();
  } catch (error) {
    console.warn('Telegram SDK init failed', error);
    return launch;
  }
  // Each step on its own: one a client refuses (a theme without secondary_bg_color makes the
  // header colour throw) must not cost the others, above all the main button.
  const steps = [
    () => restoreInitData(),
    () => mountThemeParamsSync.ifAvailable(),
    () => bindThemeParamsCssVars.ifAvailable(),
    () => mountMiniAppSync.ifAvailable(),
    () => bindMiniAppCssVars.ifAvailable(),
    // Screens sit on the secondary background (sections on top): Telegram's header and
    // overscroll area match it, so the app has no seam under the header.
    () => setMiniAppHeaderColor.ifAvailable('secondary_bg_color'),
    () => setMiniAppBackgroundColor.ifAvailable('secondary_bg_color'),
    () => mountMainButton.ifAvailable(),
    () => mountBackButton.ifAvailable(),
    () => mountClosingBehavior.ifAvailable(),
    () => guardUnsavedInput(),
    // Forms need the full height; expanding does not wait for the viewport to report.
    () => expandViewport.ifAvailable(),
    () => {
      if (!mountViewport.isAvailable()) return;
      mountViewport()
        .then(() => bindViewportCssVars.ifAvailable())
        .catch(() => undefined);
    },
  ];
  for (const step of steps) attempt(step);
  return launch;
}

let ready = false;

/** Tests only. */
export function resetTelegramForTests(): void {
  initialized = false;
  ready = false;
  resetClosingGuardForTests();
}

/**
 * Tells Telegram the first screen can show (it hides its own loading placeholder). Called by
 * every screen when it mounts; only the first call counts.
 */
export function markReady(): void {
  if (ready || !initialized) return;
  ready = true;
  attempt(() => miniAppReady.ifAvailable());
}
