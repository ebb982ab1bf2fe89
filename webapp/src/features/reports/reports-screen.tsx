import type { Report } from '@gebere/contract';
import reportTexts from '@gebere/i18n/locales/en/report.json';
import { useEffect, useState } from 'react';
import { Screen } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import type { ApiError } from '../../lib/api/lazy-client';
import { firstGet } from '../../lib/api/light-get';
import { addEnglish } from '../../lib/i18n/resources-en';
import { useT } from '../../lib/i18n/texts';
import { useScreenParams } from '../../lib/navigation';
import type { ReportView as View } from './report-view';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('report', reportTexts);

type Load =
  | { status: 'loading' }
  | { status: 'ready'; report: Report; View: typeof View }
  | { status: 'error'; error: ApiError };

const NETWORK_ERROR: ApiError = { kind: 'network', status: null, message: 'Network Error', fieldErrors: {} };

/**
 * /reports: an area's counts. Its link is the whole view (area, period, value chain),
 * so drilling down and going back are the app's history. The report (GET /api/reports/, the
 * registry's first request) and the view's module load in parallel; the chart library is the
 * view's own lazy chunk.
 */
export function ReportsScreen() {
  const t = useT();
  const { values } = useScreenParams('reports');
  const key = JSON.stringify(values);
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const view = import('./report-view').then((m) => m.ReportView).catch(() => null);
    void Promise.all([firstGet('reports', JSON.parse(key)), view]).then(([r, View]) => {
      if (!live) return;
      if (r.ok && View) setState({ status: 'ready', report: r.data as Report, View });
      else setState({ status: 'error', error: r.ok ? NETWORK_ERROR : r.error });
    });
    return () => {
      live = false;
    };
    // attempt: Try Again asks again
  }, [key, attempt]);

  return (
    <Screen
      title={t('report.title')}
      loading={state.status === 'loading'}
      error={
        state.status === 'error'
          ? { message: describeApiError(state.error), onRetry: () => setAttempt((n) => n + 1) }
          : null
      }
    >
      {state.status === 'ready' && <state.View report={state.report} />}
    </Screen>
  );
}

export { ReportsScreen as default };
