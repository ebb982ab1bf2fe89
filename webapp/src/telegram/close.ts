import { closeMiniApp } from '@telegram-apps/sdk-react';
import { releaseClosingGuard } from './closing-confirmation';
import { getLaunch } from './launch';
import { attempt } from './safe';

/** Closes the mini-app. Outside Telegram there is nothing to close; the page stays. */
export function closeApp(): void {
  if (!getLaunch().inTelegram) return;
  releaseClosingGuard();
  attempt(() => closeMiniApp.ifAvailable());
}
