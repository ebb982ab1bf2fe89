import { onMainButtonClick, setMainButtonParams } from '@telegram-apps/sdk-react';
import { useEffect, useRef } from 'react';
import { getLaunch } from './launch';
import { attempt } from './safe';

export interface MainButtonOptions {
  text: string;
  onClick: () => void;
  /** Default true. */
  visible?: boolean;
  /** Shows Telegram's spinner on the button and ignores presses. */
  loading?: boolean;
  disabled?: boolean;
}

/**
 * Drives Telegram's main button while the calling component is mounted (hidden again on
 * unmount). Returns `native: false` outside Telegram, where the caller renders an in-page
 * button instead (see MainButtonSubmit).
 */
export function useMainButton({
  text,
  onClick,
  visible = true,
  loading = false,
  disabled = false,
}: MainButtonOptions): {
  native: boolean;
} {
  const native = getLaunch().inTelegram && setMainButtonParams.isAvailable();
  const latest = useRef({ onClick, loading, disabled });
  latest.current = { onClick, loading, disabled };

  useEffect(() => {
    if (!native) return;
    const [, off] =
      attempt(() =>
        onMainButtonClick.ifAvailable(() => {
          const { onClick: click, loading: busy, disabled: off } = latest.current;
          if (!busy && !off) click();
        }),
      ) ?? [];
    return () => {
      off?.();
      attempt(() => setMainButtonParams.ifAvailable({ isVisible: false, isLoaderVisible: false }));
    };
  }, [native]);

  useEffect(() => {
    if (!native) return;
    attempt(() =>
      setMainButtonParams.ifAvailable({
        text,
        isVisible: visible,
        isEnabled: !disabled && !loading,
        isLoaderVisible: loading,
      }),
    );
  }, [native, text, visible, loading, disabled]);

  return { native };
}
