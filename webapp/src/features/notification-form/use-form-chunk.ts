import type { ComponentType } from 'react';
import { useLoad } from '../../lib/loading';
import type { NotificationFormProps } from './notification-form';

export type FormComponent = ComponentType<NotificationFormProps>;
export type FormChunk =
  | { status: 'loading' }
  | { status: 'ready'; Form: FormComponent }
  | { status: 'failed' };

/**
 * The form's code (react-hook-form, the cascade, the fields: ≈ 20 KB) is a chunk of its own,
 * fetched when the screen mounts, in parallel with the notification's details and with the API
 * client that the region list needs anyway, so the first paint does not wait for it. A failed
 * download (weak signal) can be retried.
 */
export function useFormChunk(): { chunk: FormChunk; retry: () => void } {
  const { state, retry } = useLoad<FormChunk>(
    () =>
      import('./notification-form').then(
        (m) => ({ status: 'ready', Form: m.NotificationForm }),
        () => ({ status: 'failed' }),
      ),
    [],
  );
  return { chunk: state, retry };
}
