import { type ComponentType, useEffect, useState } from 'react';
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
  const [chunk, setChunk] = useState<FormChunk>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setChunk({ status: 'loading' });
    import('./notification-form').then(
      (m) => live && setChunk({ status: 'ready', Form: m.NotificationForm }),
      () => live && setChunk({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
    // attempt: a retry downloads again
  }, [attempt]);
  return { chunk, retry: () => setAttempt((n) => n + 1) };
}
