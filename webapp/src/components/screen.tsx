import { Button, Placeholder, Spinner, Text } from '@telegram-apps/telegram-ui';
import { type ReactNode, useEffect } from 'react';
import { useT } from '../lib/i18n/texts';
import { useAuthStatus } from '../lib/launch/proof';
import { AsOfLine } from '../lib/offline-cache/as-of-line';
import { markReady } from '../telegram';
import { OutboxStatus } from './outbox-status';

export interface ScreenProps {
  /** Heading at the top of the screen (and the document title). */
  title?: string;
  /** Shows a spinner instead of the content (e.g. until the screen's lists are loaded). */
  loading?: boolean;
  /** Replaces the content with a message, and a retry button when `onRetry` is given. */
  error?: { message: string; onRetry?: () => void; retryText?: string } | null;
  /** Query parameters the screen needs and did not get (see useIdParams): shows
   *  errors.missing_parameters instead of the content. */
  missing?: readonly string[];
  /** Default true: the screen acts for a user, so an expired link or a 401 replaces it with
   *  "open it again from the bot", and no proof at all shows a notice above it. */
  needsProof?: boolean;
  children?: ReactNode;
}

/**
 * A centred message with an optional action. The text is a paragraph, not Placeholder's
 * `description`: with no header that renders a <dl> holding a lone <dd>, which screen readers
 * announce as a broken definition list (axe: definition-list).
 */
export function ScreenMessage({
  text,
  action,
  children,
}: {
  text: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Placeholder className="screen-message" action={action}>
      {children}
      <Text Component="p" className="screen-message-text">
        {text}
      </Text>
    </Placeholder>
  );
}

/**
 * What shows instead of content that is not there yet: the error (with its retry) or the
 * loading spinner. The screen's own states, and those of a step inside a screen.
 */
export function LoadState({ loading, error }: Pick<ScreenProps, 'loading' | 'error'>) {
  const t = useT();
  if (error)
    return (
      <ScreenMessage
        text={error.message}
        action={
          error.onRetry && (
            <Button size="m" onClick={error.onRetry}>
              {error.retryText ?? t('common.try_again')}
            </Button>
          )
        }
      />
    );
  if (!loading) return null;
  return (
    <div className="screen-loading" role="status" aria-label={t('common.loading')}>
      <Spinner size="l" />
    </div>
  );
}

/**
 * The frame of every screen: title, loading, error, missing-parameter and proof states, and on
 * a screen that acts for a user the outbox's state (records waiting for signal, refused ones).
 * It also tells Telegram the app is ready when the first screen mounts.
 */
export function Screen({ title, loading, error, missing, needsProof = true, children }: ScreenProps) {
  const t = useT();
  const auth = useAuthStatus();

  useEffect(() => markReady(), []);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  let body: ReactNode;
  if (needsProof && auth === 'expired') body = <ScreenMessage text={t('errors.link_expired')} />;
  else if (needsProof && auth === 'unauthorized') body = <ScreenMessage text={t('errors.unauthorized')} />;
  else if (missing?.length) body = <ScreenMessage text={t('errors.missing_parameters')} />;
  else if (error || loading) body = <LoadState loading={loading} error={error} />;
  else body = children;

  return (
    <main className="screen">
      {title && <h1 className="screen-title">{title}</h1>}
      {needsProof && auth === 'missing' && (
        <p className="screen-notice" role="note">
          {t('errors.proof_missing')}
        </p>
      )}
      <AsOfLine />
      {needsProof && <OutboxStatus />}
      {body}
    </main>
  );
}
