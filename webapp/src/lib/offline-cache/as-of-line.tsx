import { useT } from '../i18n/texts';
import { useRelativeTime } from '../i18n/use-relative-time';
import { useAsOf } from './read-through';

/**
 * "No connection: showing what was fetched 2 hours ago", above a screen whose lists came from
 * the offline cache (read-through.ts); nothing while everything shown is live. The relative time
 * (dayjs) is fetched only when the line shows.
 */
export function AsOfLine() {
  const t = useT();
  const at = useAsOf();
  const format = useRelativeTime(at !== undefined);
  if (at === undefined || format === undefined) return null;
  return (
    <p className="screen-notice" role="status">
      {t('common.as_of', { time: format(new Date(at).toISOString()) })}
    </p>
  );
}
