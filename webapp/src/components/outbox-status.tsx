import { Button } from '@telegram-apps/telegram-ui';
import { useLocation } from 'wouter';
import { useT } from '../lib/i18n/texts';
import { useRelativeTime } from '../lib/i18n/use-relative-time';
import { authorization } from '../lib/launch/proof';
import { historyDepth } from '../lib/navigation';
import { loadOutbox } from '../lib/outbox/load';
import { FIX_PARAM, screenHere, withoutLinkProof } from '../lib/outbox/record';
import { type RefusedView, useOutboxStore } from '../lib/outbox/view';
import { showConfirm } from '../telegram';

/** Drops a refused record once the DA confirmed: it will never be sent. */
async function drop(record: RefusedView, question: string): Promise<void> {
  if (!(await showConfirm(question))) return;
  const box = await (await loadOutbox()).outbox();
  await box?.drop(record.key);
}

/** Records whose form can take them back (lib/forms/fix.ts), and the reach/adoption ones, which cannot. */
const FIXABLE =
  /^(createFarmer|createDevelopmentGroup|createDa|updateDa|createReportUser|updateReportUser|createFeedback)$/;
const PAIRS = /^create(Reach|Adoption)/;

/**
 * Where Fix goes: the screen the record was captured on, `?fix=<key>`, when this launch may
 * save it (initData may make any of the DA's calls; a signed link only its own screen's), or
 * false (open the app from the menu to fix it); undefined when no form can take it back.
 */
function fixAt(record: RefusedView): string | false | undefined {
  const { origin } = record;
  if (!origin || !FIXABLE.test(record.route)) return undefined;
  // A refused record keeps its origin without the link's proof (lib/outbox/owner.ts withoutProof).
  if (!authorization()?.startsWith('tma ') && withoutLinkProof(screenHere()) !== withoutLinkProof(origin))
    return false;
  return `${origin}${origin.includes('?') ? '&' : '?'}${FIX_PARAM}=${encodeURIComponent(record.key)}`;
}

/**
 * The outbox's state on every acting screen and the home hub (lib/outbox/README.md): "3 records
 * waiting for signal" or "All saved", and each record the server refused, with its reason, Fix
 * (its form, filled in again) where a form can take it back, and Remove (after a
 * confirmation). Nothing until the outbox has loaded (after the first paint). Both buttons are
 * bezeled: the theme's white on button_color is under 4.5:1 at the small size (axe, the hub).
 */
export function OutboxStatus() {
  const t = useT();
  const [, navigate] = useLocation();
  const { loaded, waiting, serverErrors, serverStatus, refused, passes } = useOutboxStore();
  // Waiting for signal, and waiting because the server failed: each said as it is.
  const forSignal = waiting - serverErrors;
  // "Captured 3 days ago (Tahsas 25, 2016 E.C.)" in the DA's language and calendar (dayjs and
  // the calendar, fetched once a refusal shows): the day, to find the record again on paper.
  const ago = useRelativeTime(refused.length > 0);
  if (!loaded) return null;
  return (
    <section className="outbox-status" data-passes={passes}>
      <div role="status">
        {waiting === 0 && <p className="outbox-saved">{t('common.outbox.all_saved')}</p>}
        {forSignal > 0 && (
          <p className="outbox-waiting">{t('common.outbox.waiting', { count: forSignal })}</p>
        )}
        {serverErrors > 0 && (
          <p className="outbox-waiting">
            {t('common.outbox.server_failed', {
              count: serverErrors,
              error: t('errors.request_failed', { status: String(serverStatus ?? 500) }),
            })}
          </p>
        )}
      </div>
      {refused.length > 0 && (
        <div className="outbox-refused" role="alert">
          <p>{t('common.outbox.refused', { count: refused.length })}</p>
          <ul>
            {refused.map((record) => {
              const fix = fixAt(record);
              const hint =
                fix === false
                  ? t('common.outbox.open_to_fix')
                  : PAIRS.test(record.route)
                    ? t('common.outbox.record_again')
                    : undefined;
              return (
                <li key={record.key}>
                  <span className="outbox-reason">{record.reason}</span>{' '}
                  {ago && (
                    <span className="outbox-captured">
                      {t('common.outbox.captured', {
                        when: ago(record.capturedAt, undefined, { ago: true }),
                        date: ago.day(record.capturedAt),
                      })}
                    </span>
                  )}
                  {hint && <span className="outbox-captured">{hint}</span>}
                  {fix && (
                    <Button
                      size="s"
                      mode="bezeled"
                      onClick={() => navigate(fix, { state: { depth: historyDepth() + 1 } })}
                    >
                      {t('common.fix')}
                    </Button>
                  )}
                  <Button
                    size="s"
                    mode="bezeled"
                    onClick={() => void drop(record, t('common.outbox.drop_confirm'))}
                  >
                    {t('common.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
