import { Progress } from '@telegram-apps/telegram-ui';
import { useT } from '../../lib/i18n/texts';
import type { SubmitPhase } from './use-record-submit';

interface SubmitStatusProps {
  phase: SubmitPhase;
  summary: string;
}

/**
 * Under the lists: what is selected; while recording, 'Recording {{done}} of {{total}}…' with
 * a bar (a long submit on 2G must not look frozen). Failures are not shown here: spec §4 hands
 * the summary back and closes even then; refusals are in the chat with their reason, records
 * with no answer wait in the outbox (its state is at the top of the screen).
 */
export function SubmitStatus({ phase, summary }: SubmitStatusProps) {
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
  return <p className="ra-summary">{summary}</p>;
}
