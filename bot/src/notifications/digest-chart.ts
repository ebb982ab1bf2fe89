import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

/**
 * The weekly digest's chart: 12 bars (reach per week) drawn as SVG by our own code, rendered to a
 * PNG with resvg (no browser, no canvas). Labels may be Ethiopic: the fonts are Debian's Noto
 * (fonts-noto-core), loaded by path so the picture is the same on every machine that has them;
 * without them resvg falls back to the system's fonts.
 */

export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 420;

const FONT_FILES = [
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
].filter((f) => existsSync(f));
const FAMILY = "'Noto Sans', 'Noto Sans Ethiopic', 'DejaVu Sans', sans-serif";

export interface ChartInput {
  title: string;
  subtitle: string;
  /** Oldest first: the week's label (its Monday in the reader's calendar) and its count. */
  bars: Array<{ label: string; value: number }>;
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

export function chartSvg(c: ChartInput): string {
  const left = 40;
  const top = 90;
  const bottom = CHART_HEIGHT - 50;
  const slot = (CHART_WIDTH - 2 * left) / Math.max(1, c.bars.length);
  const max = Math.max(1, ...c.bars.map((b) => b.value));
  const bars = c.bars
    .map((b, i) => {
      const h = Math.round(((bottom - top) * b.value) / max);
      const x = left + i * slot + slot * 0.15;
      const w = slot * 0.7;
      const cx = x + w / 2;
      return (
        `<rect x="${x.toFixed(1)}" y="${bottom - h}" width="${w.toFixed(1)}" height="${h}" fill="#2e7d32"/>` +
        `<text x="${cx.toFixed(1)}" y="${bottom - h - 6}" text-anchor="middle" font-size="14">${b.value}</text>` +
        `<text x="${cx.toFixed(1)}" y="${bottom + 22}" text-anchor="middle" font-size="13" fill="#555">${escapeXml(b.label)}</text>`
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" ` +
    `viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" font-family="${FAMILY}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="${left}" y="40" font-size="24" font-weight="bold">${escapeXml(c.title)}</text>` +
    `<text x="${left}" y="68" font-size="16" fill="#555">${escapeXml(c.subtitle)}</text>` +
    `<line x1="${left}" y1="${bottom}" x2="${CHART_WIDTH - left}" y2="${bottom}" stroke="#999"/>` +
    `${bars}</svg>`
  );
}

function chartPng(c: ChartInput): Buffer {
  const resvg = new Resvg(chartSvg(c), {
    font: { fontFiles: FONT_FILES, loadSystemFonts: FONT_FILES.length === 0, defaultFontFamily: 'Noto Sans' },
  });
  return resvg.render().asPng();
}

/**
 * The chart as the digest draws it, called through this object so a test can watch it or make
 * it fail (resvg or its fonts missing) with `vi.spyOn`, in a module graph other tests share.
 */
export const digestChart = { png: chartPng };
