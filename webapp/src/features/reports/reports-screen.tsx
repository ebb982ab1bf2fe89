import type { Report } from '@gebere/contract';
import reportTexts from '@gebere/i18n/locales/en/report.json';
import { Screen } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import { type ApiError, NETWORK_ERROR } from '../../lib/api/lazy-client';
import { firstGet } from '../../lib/api/light-get';
import { addEnglish } from '../../lib/i18n/resources-en';
import { useT } from '../../lib/i18n/texts';
import { useLoad } from '../../lib/loading';
import { useScreenParams } from '../../lib/navigation';
import type { ReportView as View } from './report-view';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('report', reportTexts);

type Load =
  | { status: 'loading' }
  | { status: 'ready'; report: Report; View: typeof View }
  | { status: 'error'; error: ApiError };

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
  const { state, retry } = useLoad<Load>(async () => {
    const view = import('./report-view').then((m) => m.ReportView).catch(() => null);
    const [r, View] = await Promise.all([firstGet('reports', JSON.parse(key)), view]);
    if (r.ok && View) return { status: 'ready', report: r.data as Report, View };
    return { status: 'error', error: r.ok ? NETWORK_ERROR : r.error };
  }, [key]);

  return (
    <Screen
      title={t('report.title')}
      loading={state.status === 'loading'}
      error={state.status === 'error' ? { message: describeApiError(state.error), onRetry: retry } : null}
    >
      {state.status === 'ready' && <state.View report={state.report} />}
    </Screen>
  );
}

export { ReportsScreen as default };
