import { useEffect, useState } from 'react';
import { currentLanguage, useT } from '../i18n/texts';
import { useAsOf } from './read-through';

/**
 * "No connection: showing what was fetched 2 hours ago", above a screen whose lists came from
 * the offline cache (read-through.ts); nothing while everything shown is live. The relative time
 * (dayjs) is fetched only when the line shows.
 */
export function AsOfLine() {
  const t = useT();
  const at = useAsOf();
  const lang = currentLanguage();
  const [ago, setAgo] = useState<string>();
  useEffect(() => {
    if (at === undefined) return;
    let live = true;
    void import('../i18n/relative-time')
      .then((m) => m.relativeTimeIn(lang))
      .then((format) => {
        if (live) setAgo(format(new Date(at).toISOString()));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [at, lang]);
  if (at === undefined || ago === undefined) return null;
  return (
    <p className="screen-notice" role="status">
      {t('common.as_of', { time: ago })}
    </p>
  );
}
