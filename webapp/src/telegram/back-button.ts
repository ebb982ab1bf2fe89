import { hideBackButton, onBackButtonClick, showBackButton } from '@telegram-apps/sdk-react';
import { useEffect, useRef } from 'react';
import { getLaunch } from './launch';
import { attempt } from './safe';

/**
 * Shows Telegram's back button while `onBack` is given and the component is mounted. Outside
 * Telegram it does nothing (the browser has its own back).
 */
export function useBackButton(onBack: (() => void) | null | undefined): void {
  const latest = useRef(onBack);
  latest.current = onBack;
  const enabled = Boolean(onBack) && getLaunch().inTelegram;

  useEffect(() => {
    if (!enabled) return;
    attempt(() => showBackButton.ifAvailable());
    const [, off] = attempt(() => onBackButtonClick.ifAvailable(() => latest.current?.())) ?? [];
    return () => {
      off?.();
      attempt(() => hideBackButton.ifAvailable());
    };
  }, [enabled]);
}
