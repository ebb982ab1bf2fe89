/**
 * The Telegram layer: the only code that imports `@telegram-apps/sdk-react`. Everything else
 * uses these functions and works the same outside Telegram (with in-page fallbacks).
 */
export { useBackButton } from './back-button';
export { closeApp } from './close';
export { type HandBackChannel, handBack, handBackChannel, tellChat } from './hand-back';
export { haptic } from './haptics';
export { initTelegram, markReady } from './init';
export { getLaunch, type Launch } from './launch';
export { type MainButtonOptions, useMainButton } from './main-button';
export { type ConfirmOptions, showConfirm } from './popup';
export { type Appearance, uiPlatform, useAppearance } from './theme';
