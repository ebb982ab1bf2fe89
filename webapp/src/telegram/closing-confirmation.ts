import { disableClosingConfirmation, enableClosingConfirmation } from '@telegram-apps/sdk-react';
import { useOutboxStore } from '../lib/outbox/view';
import { attempt } from './safe';

/**
 * Telegram's closing confirmation: once the person has typed, picked or ticked
 * anything in a form, or while the outbox holds unsent records, closing the mini-app (its ✕, a swipe down) first asks whether to close and
 * lose it. It is let go right before the app closes itself after a hand-back, so a saved form
 * closes without asking. Every form is covered alike: any `input` or `change` event counts.
 */
let guarding = false;
/** Records in the outbox not yet answered by the server (lib/outbox): closing asks too. */
let unsent = false;
let asking = false;

function apply(): void {
  const ask = guarding || unsent;
  if (ask === asking) return;
  asking = ask;
  attempt(() => (ask ? enableClosingConfirmation.ifAvailable() : disableClosingConfirmation.ifAvailable()));
}

function onInput(event: Event): void {
  if (guarding) return;
  const target = event.target;
  if (!(target instanceof Element) || !target.closest('form, .screen')) return;
  guarding = true;
  apply();
}

/**
 * While the outbox holds records waiting for signal, closing asks first: they are kept on the
 * phone and sent at the next open, but the DA should know they have not reached the server.
 */
export function guardUnsentRecords(waiting: boolean): void {
  unsent = waiting;
  apply();
}

/** From initTelegram, inside Telegram: starts watching for input and for unsent records. */
export function guardUnsavedInput(): void {
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  stopWatchingOutbox?.();
  stopWatchingOutbox = useOutboxStore.subscribe((view) => guardUnsentRecords(view.waiting > 0));
}

let stopWatchingOutbox: (() => void) | undefined;

/** Before the app closes itself (the record is saved and handed back): no question. */
export function releaseClosingGuard(): void {
  guarding = false;
  unsent = false;
  apply();
}

export function resetClosingGuardForTests(): void {
  stopWatchingOutbox?.();
  stopWatchingOutbox = undefined;
  guarding = false;
  unsent = false;
  asking = false;
  document.removeEventListener('input', onInput, true);
  document.removeEventListener('change', onInput, true);
}
