import { adoptionRate, type Report, type ReportCounts } from '@gebere/contract';
import { ethiopianDayText } from '@gebere/i18n/calendar';
import { BOM, csvRecord } from '../csv';

/**
 * The rows behind a report screen as one CSV (the operator exports' format: UTF-8 with a byte
 * order mark, RFC 4180): one row per figure the screen shows, `section` saying which part.
 * Counts only, as the report itself: no farmer's name or phone. `week` is the period
 * (`from/to`) or a week's Monday, ISO; `week_ec` the same days in the Ethiopian calendar
 * (`YYYY-MM-DD`, Pagume as month 13), as the operator exports write them.
 */
export const REPORT_CSV_COLUMNS = [
  'section',
  'level',
  'id',
  'name',
  'name_am',
  'name_om',
  'week',
  'week_ec',
  'farmers',
  'groups',
  'reach',
  'adoption',
  'adoption_rate',
] as const;

type Row = Partial<Record<(typeof REPORT_CSV_COLUMNS)[number], unknown>>;

const rate = (c: Pick<ReportCounts, 'reach' | 'adoption'>) => {
  const r = adoptionRate(c.reach, c.adoption);
  return r === null ? '' : r.toFixed(4);
};
const counts = (c: ReportCounts) => ({ ...c, adoption_rate: rate(c) });
const rated = (c: Pick<ReportCounts, 'reach' | 'adoption'>) => ({
  reach: c.reach,
  adoption: c.adoption,
  adoption_rate: rate(c),
});

export function reportCsv(report: Report): string {
  const { area } = report;
  const here = {
    level: area.level,
    id: area.id,
    name: area.name,
    name_am: area.name_am,
    name_om: area.name_om,
  };
  const rows: Row[] = [
    {
      section: 'period',
      ...here,
      week: `${report.from}/${report.to}`,
      week_ec: `${ethiopianDayText(report.from)}/${ethiopianDayText(report.to)}`,
      ...counts(report.totals),
    },
    ...report.weeks.map((w) => ({
      section: 'week',
      ...here,
      week: w.week,
      week_ec: ethiopianDayText(w.week),
      ...counts(w),
    })),
    ...report.by_value_chain.map((v) => ({
      section: 'value_chain',
      id: v.id,
      name: v.name,
      name_am: v.name_am,
      name_om: v.name_om,
      ...rated(v),
    })),
    ...report.by_advisory.map((a) => ({
      section: 'advisory',
      id: a.id,
      name: a.name,
      name_am: a.name_am,
      name_om: a.name_om,
      ...rated(a),
    })),
    ...report.by_area.map((a) => ({
      section: 'area',
      level: a.level,
      id: a.id,
      name: a.name,
      name_am: a.name_am,
      name_om: a.name_om,
      ...counts(a),
    })),
    ...report.by_da.map((d) => ({ section: 'da', id: d.id, name: d.name, ...counts(d) })),
  ];
  return (
    BOM +
    csvRecord(REPORT_CSV_COLUMNS) +
    rows.map((r) => csvRecord(REPORT_CSV_COLUMNS.map((c) => r[c]))).join('')
  );
}

/** `report-woreda-12-2026-01-05-2026-03-29.csv` */
export const reportFileName = (report: Report) =>
  `report-${report.area.level}${report.area.id === null ? '' : `-${report.area.id}`}-${report.from}-${report.to}${
    report.value_chain === null ? '' : `-vc${report.value_chain}`
  }.csv`;
