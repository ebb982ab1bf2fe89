import { closeMiniApp } from '@telegram-apps/sdk-react';
import { getLaunch } from './launch';

/** Closes the mini-app. Outside Telegram there is nothing to close; the page stays. */
export function closeApp(): void {
  if (getLaunch().inTelegram) closeMiniApp.ifAvailable();
}
