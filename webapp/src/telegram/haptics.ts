import {
  hapticFeedbackImpactOccurred,
  hapticFeedbackNotificationOccurred,
  hapticFeedbackSelectionChanged,
} from '@telegram-apps/sdk-react';
import { getLaunch } from './launch';
import { attempt } from './safe';

const enabled = () => getLaunch().inTelegram;

/** Telegram's haptic feedback; silent outside Telegram and on clients without it. */
export const haptic = {
  impact(style: 'light' | 'medium' | 'heavy' | 'rigid' | 'soft' = 'light'): void {
    if (enabled()) attempt(() => hapticFeedbackImpactOccurred.ifAvailable(style));
  },
  notify(type: 'success' | 'error' | 'warning'): void {
    if (enabled()) attempt(() => hapticFeedbackNotificationOccurred.ifAvailable(type));
  },
  selection(): void {
    if (enabled()) attempt(() => hapticFeedbackSelectionChanged.ifAvailable());
  },
};
