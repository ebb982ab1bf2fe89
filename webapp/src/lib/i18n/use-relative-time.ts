import { useEffect, useState } from 'react';
import type { FormatRelative } from './relative-time';
import { currentLanguage } from './texts';

/**
 * The screen language's relative-time formatter (relative-time.ts, dayjs), fetched only once
 * `wanted` (a line that shows a time is on screen), so dayjs stays off the first load; undefined
 * until it is there.
 */
export function useRelativeTime(wanted: boolean): FormatRelative | undefined {
  const lang = currentLanguage();
  const [format, setFormat] = useState<{ of: FormatRelative }>();
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void import('./relative-time')
      .then((m) => m.relativeTimeIn(lang))
      .then((of) => {
        if (live) setFormat({ of });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, lang]);
  return format?.of;
}
