import { Button, Progress } from '@telegram-apps/telegram-ui';
import { describeApiError } from '../../lib/api/errors';
import { useT } from '../../lib/i18n/texts';
import { splitFailures } from './failures';
import type { FailedPair } from './submit-records';
import type { SubmitPhase } from './use-record-submit';

/**
 * Why a pair was refused: a 400's own text (the backend's, localised: like a batch refusal),
 * else the failure in the user's language.
 */
function refusalReason(pair: FailedPair): string {
  if (!pair.error) return pair.message; // refused inside a batch: the server's field errors
  const { status, detail, fieldErrors } = pair.error;
  const serverText = status === 400 ? (detail ?? Object.values(fieldErrors).join(', ')) : '';
  return serverText || describeApiError(pair.error);
}

interface SubmitStatusProps {
  phase: SubmitPhase;
  busy: boolean;
  summary: string;
  onRetry: () => void;
  onContinue: () => void;
}

/**
 * Under the lists: what is selected; while recording, 'Recording {{done}} of {{total}}…' with
 * a bar (a long submit on 2G must not look frozen); after failures, how many the server refused
 * and why, and apart from them how many got no answer (of the current selection: "M of T
 * recorded"), with 'Retry' for all those pairs and 'Continue' to tell the bot as it stands.
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
    const { refused, unconfirmed } = splitFailures(phase.failed);
    const reason = refused[0] && refusalReason(refused[0]);
    return (
      <div className="ra-status ra-status-failed" role="alert">
        {refused.length > 0 && (
          <>
            <p className="ra-status-text">{t('reach.records_failed', { count: refused.length })}</p>
            {reason && <p className="ra-status-reason">{reason}</p>}
          </>
        )}
        {unconfirmed.length > 0 && (
          <p className="ra-status-text">
            {t('reach.records_not_confirmed', {
              count: unconfirmed.length,
              recorded: String(phase.recorded),
              total: String(phase.total),
            })}
          </p>
        )}
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
