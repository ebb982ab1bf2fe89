import type { Resolver } from 'react-hook-form';
import { lazyZodResolver } from '../../lib/forms/resolver';
import { t } from '../../lib/i18n/texts';
import { INTERVAL_MAX, type NotificationFormValues } from './form-values';

const base = lazyZodResolver<NotificationFormValues>(
  () => import('./form-schema').then((m) => m.notificationForm),
  { interval: 'validation.interval_number' },
);

/**
 * The form's resolver: empty → 'Required', a non-number interval → interval_number, and a
 * whole number above the maximum says so instead of "must be a whole number".
 */
export const notificationResolver: Resolver<NotificationFormValues> = async (values, context, options) => {
  const result = await base(values, context, options);
  const interval = values.interval.trim();
  if (result.errors.interval && /^\d+$/.test(interval) && Number(interval) > INTERVAL_MAX)
    result.errors.interval.message = t('notification.interval_max', { max: String(INTERVAL_MAX) });
  return result;
};
