import { disableClosingConfirmation, enableClosingConfirmation } from '@telegram-apps/sdk-react';
import { attempt } from './safe';

/**
 * Telegram's closing confirmation (issue 19 item 7): once the person has typed, picked or ticked
 * anything in a form, closing the mini-app (its ✕, a swipe down) first asks whether to close and
 * lose it. It is let go right before the app closes itself after a hand-back, so a saved form
 * closes without asking. Every form is covered alike: any `input` or `change` event counts.
 */
let guarding = false;

function onInput(event: Event): void {
  if (guarding) return;
  const target = event.target;
  if (!(target instanceof Element) || !target.closest('form, .screen')) return;
  guarding = true;
  attempt(() => enableClosingConfirmation.ifAvailable());
}

/** From initTelegram, inside Telegram: starts watching for input. */
export function guardUnsavedInput(): void {
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
}

/** Before the app closes itself (the record is saved and handed back): no question. */
export function releaseClosingGuard(): void {
  if (!guarding) return;
  guarding = false;
  attempt(() => disableClosingConfirmation.ifAvailable());
}

export function resetClosingGuardForTests(): void {
  guarding = false;
  document.removeEventListener('input', onInput, true);
  document.removeEventListener('change', onInput, true);
}
