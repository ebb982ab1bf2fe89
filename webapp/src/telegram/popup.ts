import { openPopup } from '@telegram-apps/sdk-react';
import { t } from '../lib/i18n/texts';
import { confirmInPage } from '../lib/ui/confirm-store';
import { getLaunch } from './launch';

export interface ConfirmOptions {
  /** Default: common.remove. */
  confirmText?: string;
  /** Default: common.cancel. */
  cancelText?: string;
  /** Red confirm button (default true: the spec's only confirmation removes something). */
  destructive?: boolean;
}

/**
 * Asks the user to confirm (spec §2: 'Are you sure you want to remove this notification?'
 * with Cancel and Remove). Telegram's native popup when the client supports it, otherwise an
 * in-page dialog (<ConfirmHost>, mounted by the app). Resolves true only for the confirm button.
 */
export async function showConfirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  const confirmText = options.confirmText ?? t('common.remove');
  const cancelText = options.cancelText ?? t('common.cancel');
  const destructive = options.destructive ?? true;
  if (getLaunch().inTelegram && openPopup.isAvailable()) {
    try {
      const id = await openPopup({
        message,
        buttons: [
          { id: 'cancel', type: 'default', text: cancelText },
          { id: 'confirm', type: destructive ? 'destructive' : 'default', text: confirmText },
        ],
      });
      return id === 'confirm';
    } catch {
      // A popup already open or an unanswered request: fall through to the in-page dialog.
    }
  }
  return confirmInPage({ message, confirmText, cancelText, destructive });
}
