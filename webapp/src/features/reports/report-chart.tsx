import { BarChart } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';

export interface WeeklyBarsProps {
  /** Shown above the bars. */
  title: string;
  /** What the bars say, for screen readers (the figures are also in the tables). */
  label: string;
  /** Each week's label: its Monday in the reader's calendar, short (lib/i18n/dates.ts). */
  weeks: string[];
  values: number[];
}

/** Every other week's label: twelve do not fit 360 px. */
const weekLabel = (label: string, index: number) => (index % 2 === 0 ? label : '');

/**
 * One measure per week as bars (chartist: SVG, so the theme's colours apply through CSS in
 * light and dark). The only module that imports chartist: its own chunk, loaded by the report.
 */
export function WeeklyBars({ title, label, weeks, values }: WeeklyBarsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([weeks, values]);
  useEffect(() => {
    if (!ref.current) return;
    const [w, v] = JSON.parse(key) as [string[], number[]];
    const chart = new BarChart(
      ref.current,
      { labels: w, series: [v] },
      {
        height: 120,
        axisX: { showGrid: false, labelInterpolationFnc: weekLabel },
        axisY: { onlyInteger: true, offset: 32 },
        chartPadding: { top: 8, right: 4, bottom: 0, left: 0 },
      },
    );
    return () => {
      chart.detach();
    };
  }, [key]);
  return (
    <figure className="report-chart">
      <figcaption>{title}</figcaption>
      <div ref={ref} role="img" aria-label={label} className="report-chart-space" />
    </figure>
  );
}
