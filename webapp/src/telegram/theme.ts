import { isThemeParamsDark, isThemeParamsMounted, useSignal } from '@telegram-apps/sdk-react';
import { useEffect, useState } from 'react';
import { getLaunch } from './launch';

export type Appearance = 'light' | 'dark';

const darkQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

function useBrowserDark(): boolean {
  const [dark, setDark] = useState(() => darkQuery()?.matches ?? false);
  useEffect(() => {
    const query = darkQuery();
    if (!query?.addEventListener) return;
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/** Light or dark: Telegram's theme (live, it changes with the client's), else the browser's. */
export function useAppearance(): Appearance {
  const telegramDark = useSignal(isThemeParamsDark);
  const mounted = useSignal(isThemeParamsMounted);
  const browserDark = useBrowserDark();
  const launch = getLaunch();
  const dark = launch.inTelegram ? (mounted ? telegramDark : launch.startDark) : browserDark;
  return dark ? 'dark' : 'light';
}

/** telegram-ui's platform look: iOS style on Apple clients, the base style elsewhere. */
export function uiPlatform(): 'ios' | 'base' {
  const p = getLaunch().platform;
  return p === 'ios' || p === 'macos' ? 'ios' : 'base';
}
