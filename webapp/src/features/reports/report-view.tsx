import type { Report, ReportArea, ReportCounts } from '@gebere/contract';
import { addDays, adoptionRate, CHILD_LEVEL, reportDayOf } from '@gebere/contract/reports';
import { LANG_PARAM, type ScreenParams, screenHref } from '@gebere/contract/screens';
import type { Calendar } from '@gebere/i18n/calendar';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { chooseCalendar, dayText, readerCalendar } from '../../lib/i18n/dates';
import { currentLanguage, localName, useT } from '../../lib/i18n/texts';
import { historyDepth, useScreenParams } from '../../lib/navigation';
import { toast } from '../../lib/ui/toast';
import { exportReport } from './export-report';
import type { WeeklyBarsProps } from './report-chart';
import './reports.css';

/** The chart library (chartist) is this chunk's own: no other screen downloads it. */
const WeeklyBars: ComponentType<WeeklyBarsProps> = lazy(() =>
  import('./report-chart').then((m) => ({ default: m.WeeklyBars })),
);

const MEASURES = ['farmers', 'groups', 'reach', 'adoption'] as const;
const PERIODS = [4, 12, 52] as const;

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Links to other views of the report: this view's parameters with some changed. */
function useReportLinks() {
  const { values } = useScreenParams('reports');
  const lang = new URLSearchParams(useSearch()).get(LANG_PARAM) ?? undefined;
  const [, navigate] = useLocation();
  const href = (change: Partial<ScreenParams<'reports'>>) =>
    screenHref('reports', { ...values, ...change, lang });
  const go = (change: Partial<ScreenParams<'reports'>>) =>
    navigate(href(change), { state: { depth: historyDepth() + 1 } });
  return { values, href, go };
}

const areaChange = (a: Pick<ReportArea, 'level' | 'id'>) => ({ level: a.level, area: a.id ?? undefined });

function Rate({ reach, adoption }: { reach: number; adoption: number }) {
  const t = useT();
  const rate = adoptionRate(reach, adoption);
  if (rate === null) return <span className="report-muted">{t('report.no_rate')}</span>;
  return (
    <span className="report-rate">
      <span className="report-rate-bar" aria-hidden="true">
        <span style={{ width: `${Math.min(100, rate * 100)}%` }} />
      </span>
      <strong>{percent(rate)}</strong>{' '}
      <span className="report-muted">{t('report.rate_value', { reach, adoption })}</span>
    </span>
  );
}

function CountsTable({
  label,
  rows,
  hrefOf,
}: {
  label: string;
  rows: Array<ReportCounts & { key: string; name: string }>;
  hrefOf?: (key: string) => string;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    // Scrolls sideways where the columns' words are long (Afaan Oromo): reachable by keyboard too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
    <section className="report-table-wrap" aria-label={label} tabIndex={0}>
      <table className="report-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('report.name')}</th>
            {MEASURES.map((m) => (
              <th scope="col" key={m}>
                {t(`report.${m}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const href = hrefOf?.(r.key);
            return (
              <tr
                key={r.key}
                className={href ? 'report-drill' : undefined}
                onClick={href ? () => navigate(href, { state: { depth: historyDepth() + 1 } }) : undefined}
              >
                <th scope="row">
                  {href ? (
                    <Link
                      href={href}
                      state={{ depth: historyDepth() + 1 }}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {r.name}
                    </Link>
                  ) : (
                    r.name
                  )}
                </th>
                {MEASURES.map((m) => (
                  <td key={m}>{r[m]}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** Sends this view's rows to the chat as CSV (the companion server words and sends the file). */
function ExportButton() {
  const t = useT();
  const { values } = useScreenParams('reports');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const r = await exportReport(values);
    setBusy(false);
    if (r.ok) toast.success(t('report.exported'));
    else toast.error(r.detail ? `${t('report.export_failed')} ${r.detail}` : t('report.export_failed'));
  };
  return (
    <Button size="m" stretched mode="bezeled" loading={busy} disabled={busy} onClick={send}>
      {t('report.export')}
    </Button>
  );
}

/**
 * The English reader's calendar (an Amharic or Oromo reader always has the Ethiopian one): kept
 * on the phone (lib/i18n/dates.ts), so the outbox's days follow it too.
 */
function CalendarChoice({ calendar, choose }: { calendar: Calendar; choose: (c: Calendar) => void }) {
  const t = useT();
  return (
    <fieldset className="report-periods">
      <legend>{t('calendar.choose')}</legend>
      {(['gregorian', 'ethiopian'] as const).map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={calendar === c}
          onClick={() => {
            chooseCalendar(c);
            choose(c);
          }}
        >
          {t(`calendar.${c}`)}
        </button>
      ))}
    </fieldset>
  );
}

/** The report: where, when, the 12 weeks as bars, adoption rates, and the tables to drill into. */
export function ReportView({ report }: { report: Report }) {
  const t = useT();
  const { values, href, go } = useReportLinks();
  // Every day below is written by dayText in this calendar: choosing another re-renders them.
  const [calendar, setCalendar] = useState(readerCalendar);
  const areaName = (a: ReportArea) => (a.level === 'all' ? t('report.country') : localName(a));
  const child = CHILD_LEVEL[report.area.level];
  const today = reportDayOf(new Date());
  const days = (weeks: number) => ({ from: addDays(today, 1 - weeks * 7), to: today });
  const period =
    PERIODS.find((w) => values.from === days(w).from && values.to === days(w).to) ??
    (values.from ? null : 12);
  const empty = MEASURES.every((m) => report.totals[m] === 0);

  return (
    <div className="report">
      <nav className="report-trail" aria-label={t('report.title')}>
        {report.trail.map((a) => (
          <Link
            key={`${a.level}-${a.id}`}
            href={href({ ...areaChange(a) })}
            state={{ depth: historyDepth() + 1 }}
          >
            {t('report.up_to', { name: areaName(a) })}
          </Link>
        ))}
      </nav>
      <h2 className="report-area">
        <span className="report-muted">{t(`report.levels.${report.area.level}`)}</span>{' '}
        {areaName(report.area)}
      </h2>

      <div className="report-filters">
        <fieldset className="report-periods">
          <legend>{t('report.period')}</legend>
          {PERIODS.map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={period === w}
              onClick={() => go(w === 12 && !values.from ? {} : days(w))}
            >
              {t(`report.weeks_${w}`)}
            </button>
          ))}
        </fieldset>
        <label className="report-select">
          <span>{t('report.value_chain')}</span>
          <select
            value={values.value_chain ?? ''}
            onChange={(e) => go({ value_chain: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t('report.all_value_chains')}</option>
            {report.value_chains.map((v) => (
              <option key={v.id} value={v.id}>
                {localName(v)}
              </option>
            ))}
          </select>
        </label>
        {values.value_chain !== undefined && <p className="report-muted">{t('report.value_chain_note')}</p>}
        {currentLanguage() === 'en' && <CalendarChoice calendar={calendar} choose={setCalendar} />}
      </div>

      <p className="report-muted">
        {t('report.totals', { from: dayText(report.from), to: dayText(report.to) })}
      </p>
      <dl className="report-totals">
        {MEASURES.map((m) => (
          <div key={m}>
            <dt>{t(`report.${m}`)}</dt>
            <dd>{report.totals[m]}</dd>
          </div>
        ))}
        <div className="report-totals-rate">
          <dt>{t('report.rate')}</dt>
          <dd>
            <Rate reach={report.totals.reach} adoption={report.totals.adoption} />
          </dd>
        </div>
      </dl>
      {empty && <p className="report-muted">{t('report.nothing')}</p>}

      <Section header={t('report.per_week')}>
        <Suspense fallback={<div className="report-chart-space" />}>
          {MEASURES.map((m) => (
            <WeeklyBars
              key={m}
              title={t(`report.${m}`)}
              label={t('report.chart_label', { measure: t(`report.${m}`), to: dayText(report.to) })}
              weeks={report.weeks.map((w) => dayText(w.week, 'short'))}
              values={report.weeks.map((w) => w[m])}
            />
          ))}
        </Suspense>
      </Section>

      {report.by_value_chain.length > 0 && (
        <Section header={t('report.by_value_chain')}>
          <ul className="report-rates">
            {report.by_value_chain.map((v) => (
              <li key={v.id}>
                <span>{localName(v)}</span>
                <Rate reach={v.reach} adoption={v.adoption} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {report.by_advisory.length > 0 && (
        <Section header={t('report.by_advisory')}>
          <ul className="report-rates">
            {report.by_advisory.map((a) => (
              <li key={a.id}>
                <span>{localName(a)}</span>
                <Rate reach={a.reach} adoption={a.adoption} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {child && report.by_area.length > 0 && (
        <Section
          header={t('report.by_area', { level: t(`report.levels.${child}`) })}
          footer={t('report.drill_hint')}
        >
          <CountsTable
            label={t('report.by_area', { level: t(`report.levels.${child}`) })}
            rows={report.by_area.map((a) => ({ ...a, key: String(a.id), name: localName(a) }))}
            hrefOf={(id) => href({ level: child, area: Number(id) })}
          />
        </Section>
      )}
      {report.by_da.length > 0 && (
        <Section header={t('report.by_da')}>
          <CountsTable
            label={t('report.by_da')}
            rows={report.by_da.map((d) => ({ ...d, key: String(d.id) }))}
          />
        </Section>
      )}
      <div className="report-export">
        <ExportButton />
      </div>
    </div>
  );
}
