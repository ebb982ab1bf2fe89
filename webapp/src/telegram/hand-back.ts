import type { HandBackResult } from '@gebere/contract';
import { IDEMPOTENCY_HEADER } from '@gebere/contract/idempotency';
import { LIMITS } from '@gebere/contract/rules';
import { sendData } from '@telegram-apps/sdk-react';
import { forgetKey, keyFor, memorySlot } from '../lib/api/idempotent-call';
import { t } from '../lib/i18n/texts';
import { authorization } from '../lib/launch/proof';
import { runtimeConfig } from '../lib/launch/runtime-config';
import { type ToastOptions, toast } from '../lib/ui/toast';
import { closeApp } from './close';
import { closing } from './closing';
import { releaseClosingGuard } from './closing-confirmation';
import { haptic } from './haptics';
import { getLaunch } from './launch';

export type HandBackChannel = 'send_data' | 'companion';

/**
 * Which channel a result takes (docs/architecture.md "Handing results back to Telegram"): opened from a
 * reply-keyboard button (no initData) → `sendData`; otherwise the companion server, which
 * answers the inline query (initData with query_id) or writes to the user's own chat.
 */
export function handBackChannel(): HandBackChannel {
  const launch = getLaunch();
  return launch.inTelegram && !launch.rawInitData && sendData.isAvailable() ? 'send_data' : 'companion';
}

/**
 * One `Idempotency-Key` per result until it is delivered: when the answer to /tg/result is lost
 * after the summary went out, the user's second press is answered without a second summary.
 */
const handBackKey = memorySlot();

async function postToCompanion(result: HandBackResult, key = keyFor(handBackKey, result)): Promise<boolean> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    [IDEMPOTENCY_HEADER]: key,
  };
  const auth = authorization();
  if (auth) headers.Authorization = auth;
  try {
    const response = await fetch(`${runtimeConfig().companionUrl.replace(/\/+$/, '')}/tg/result`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ result }),
    });
    if (response.ok) forgetKey(handBackKey);
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * How long the success toast on screen still needs to be read before the mini-app may close
 * (LIMITS.successToastReadMs since it appeared: "Reach recorded successfully." must not vanish
 * with the app); 0 with no success toast.
 */
const unread = () => toast.successUnreadMs(LIMITS.successToastReadMs);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Closes once the success toast has been read (unread above); the summary is already in the
 * chat, so waiting loses nothing. With no success toast it closes at once.
 */
function closeAfterToast(data: string): void {
  const wait = unread();
  if (wait <= 0) {
    closeApp();
    return;
  }
  closing.data = data;
  setTimeout(() => {
    if (closing.data === data) closing.data = null;
    closeApp();
  }, wait);
}

/**
 * sendData once the success toast has been read: Telegram closes the mini-app the moment it
 * receives the data, so the toast would otherwise vanish with it. A press meanwhile (or after,
 * should the client not close) sends nothing twice.
 */
async function sendDataAfterToast(data: string): Promise<void> {
  closing.data = data;
  const wait = unread();
  if (wait > 0) await sleep(wait);
  try {
    releaseClosingGuard(); // the record is saved: closing must not ask
    sendData(data); // Telegram closes the mini-app itself
  } catch (error) {
    closing.data = null;
    throw error;
  }
}

/**
 * Hands a screen's typed result back to the chat and closes the mini-app, after the success
 * toast on screen has been read (closeAfterToast, sendDataAfterToast). On failure it
 * toasts error_sending_message_to_bot and resolves false with the app still open, so the
 * user can press the button again (nothing is lost: the record is already saved).
 *
 * `toastOptions` lets a screen keep its own toast placement (the farmer screen: top-right).
 * `successText`, when given, is toasted only once the result was delivered (never a success
 * toast followed by error_sending_message_to_bot), and the app closes after it.
 */
export async function handBack(
  result: HandBackResult,
  toastOptions?: Omit<ToastOptions, 'kind'>,
  successText?: string,
): Promise<boolean> {
  try {
    // The contract validates the result and enforces sendData's 4096 bytes; loaded here, not
    // on first load (the API client has usually brought it already).
    const { encodeResult } = await import('@gebere/contract');
    const data = encodeResult(result);
    // Already delivered, the app closing after its toast: a second press sends nothing twice.
    if (closing.data === data) return true;
    if (handBackChannel() === 'send_data') {
      const cheer = successText ? toast.success(successText, toastOptions) : undefined;
      haptic.notify('success');
      try {
        await sendDataAfterToast(data);
      } catch (error) {
        // Not delivered after all: no success toast beside the error below.
        if (cheer !== undefined) toast.dismiss(cheer);
        throw error;
      }
      return true;
    }
    if (await postToCompanion(result)) {
      if (successText) toast.success(successText, toastOptions);
      haptic.notify('success');
      closeAfterToast(data);
      return true;
    }
  } catch {
    // an invalid or oversized result: said as a failed hand-back below
  }
  haptic.notify('error');
  toast.error(t('errors.error_sending_message_to_bot'), toastOptions);
  return false;
}

/**
 * The summary of an outbox batch settled on sync (lib/outbox/README.md "The chat's summary"):
 * through the companion server, whatever channel opened the app (sendData would close it), which
 * sends it as the bot's own message (never as this launch's answer), with the batch's own key, so
 * a summary whose answer was lost is not posted twice. No toast, no close: the DA may be in the
 * middle of another form. True once delivered.
 */
export function tellChat(result: HandBackResult, key: string): Promise<boolean> {
  return postToCompanion(result, key);
}
