import { Button, Progress } from '@telegram-apps/telegram-ui';
import { describeApiError, noAnswer } from '../../lib/api-errors';
import { useT } from '../../lib/i18n';
import type { SubmitPhase } from './use-record-submit';

interface SubmitStatusProps {
  phase: SubmitPhase;
  busy: boolean;
  summary: string;
  onRetry: () => void;
  onContinue: () => void;
}

/**
 * Under the lists: what is selected; while recording, 'Recording {{done}} of {{total}}…' with
 * a bar (a long submit on 2G must not look frozen); after failures, how many and why, with
 * 'Retry' for those pairs and 'Continue' to tell the bot as it stands.
 */
export function SubmitStatus({ phase, busy, summary, onRetry, onContinue }: SubmitStatusProps) {
  const t = useT();
  if (phase.name === 'running') {
    const percent = phase.total ? Math.round((phase.done / phase.total) * 100) : 0;
    return (
      <div className="ra-status" role="status" aria-live="polite">
        <p className="ra-status-text">
          {t('reach.progress', { done: String(phase.done), total: String(phase.total) })}
        </p>
        <Progress value={percent} />
      </div>
    );
  }
  if (phase.name === 'failed') {
    const first = phase.failed[0];
    // No answer (even after the retries): some of those may be saved, so say what is sure and that
    // Retry is safe. Another transport failure in the user's language; a refused pair: the
    // server's own (localised) text.
    const reason = first?.error
      ? noAnswer(first.error)
        ? t('reach.records_not_confirmed', { recorded: String(phase.recorded), total: String(phase.total) })
        : describeApiError(first.error)
      : first?.message;
    return (
      <div className="ra-status ra-status-failed" role="alert">
        <p className="ra-status-text">{t('reach.records_failed', { count: phase.failed.length })}</p>
        {reason && <p className="ra-status-reason">{reason}</p>}
        <div className="ra-status-actions">
          <Button size="m" mode="filled" onClick={onRetry} disabled={busy}>
            {t('reach.retry_failed')}
          </Button>
          <Button size="m" mode="bezeled" onClick={onContinue} disabled={busy}>
            {t('common.continue')}
          </Button>
        </div>
      </div>
    );
  }
  return <p className="ra-summary">{summary}</p>;
}
