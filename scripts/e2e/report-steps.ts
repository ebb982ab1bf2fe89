// The reports journey's readings: the figures the reports screen shows, the same figures in the
// CSV the bot sent and over the raw rows, the chat page's file and photo, and the Monday digest
// made by an engine whose clock stands at that Monday's 08:00.
import { readFile } from 'node:fs/promises';
import { parseCsvRecords as parseCsv } from '@gebere/bot/csv';
import { createLogger } from '@gebere/bot/log';
import { createNotificationEngine, digestWeek, manualEngineClock } from '@gebere/bot/notifications';
import { addDays, defaultPeriod, type ReportLevel } from '@gebere/contract';
import { calendarFor, dayIn, fromEthiopian, type Language, lookup } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import { createManualClock } from '@gebere/telegram-emulator';
import { Api } from 'grammy';
import type { Frame, Page } from 'playwright-core';
import { productDb } from './db-capture';
import { row } from './journey';
import { type T, tr } from './steps';
import { appFrame, type Product } from './test-kit';

/** What a report says: farmers, groups, reach and adoption over its period, reach per week, its DAs. */
export interface Figures {
  totals: number[];
  reachPerWeek: number[];
  das: Array<{ name: string; counts: number[] }>;
}

/**
 * The days a text says, read as a person reads them: ISO days in English (its default calendar),
 * Ethiopian dates ("ታኅሣሥ 27 ቀን 2018 ዓ.ም.", "Muddee 27, 2018 ALI") by their month names in
 * Amharic and Afaan Oromo; each as the Gregorian day `YYYY-MM-DD`.
 */
export function readDays(text: string, lang: Language): string[] {
  if (calendarFor(lang) === 'gregorian') return text.match(/\d{4}-\d{2}-\d{2}/g) ?? [];
  const months = Array.from({ length: 13 }, (_, i) => lookup(lang, `calendar.months.m${i + 1}`) ?? '');
  const date = new RegExp(`(${months.join('|')}) (\\d{1,2})\\D+?(\\d{4})`, 'g');
  return [...text.matchAll(date)].map(
    ([, month = '', day, year]) =>
      fromEthiopian({ year: Number(year), month: months.indexOf(month) + 1, day: Number(day) }) ?? '',
  );
}

/** The period the screen says it shows (`From … to …`), in the reader's calendar. */
export async function viewPeriod(app: Frame, lang: Language): Promise<{ from: string; to: string }> {
  const text = await app.locator('.report p.report-muted', { hasText: /\d{4}/ }).first().textContent();
  const [from = '', to = ''] = readDays(text ?? '', lang);
  return { from, to };
}

/** Waits for the four charts (the lazy chunk) and reads the screen's figures as a person sees them. */
export async function viewFigures(app: Frame, t: T): Promise<Figures> {
  const charts = app.locator('.report-chart');
  // A week of zeros is a bar of no height, which Playwright calls hidden: wait for it to exist.
  await charts.nth(3).locator('.ct-bar').last().waitFor({ state: 'attached' });
  const totals = await app.locator('.report-totals > div:not(.report-totals-rate) dd').allTextContents();
  // Chartist writes each bar's value on it (ct:value); the third chart is reach.
  const reachPerWeek = await charts
    .nth(2)
    .locator('.ct-bar')
    .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('ct:value'))));
  const das = await app
    .getByRole('table', { name: t('report.by_da') })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => ({
        name: r.querySelector('th')?.textContent ?? '',
        counts: Array.from(r.querySelectorAll('td'), (td) => Number(td.textContent)),
      })),
    );
  return { totals: totals.map(Number), reachPerWeek, das };
}

/** The same figures from the report's CSV (bot/src/backend/ops/report-csv.ts). */
export function csvFigures(csv: string): Figures {
  const records = parseCsv(csv);
  const counts = (r: Record<string, string>) => [r.farmers, r.groups, r.reach, r.adoption].map(Number);
  return {
    totals: counts(records.find((r) => r.section === 'period') ?? {}),
    reachPerWeek: records.filter((r) => r.section === 'week').map((r) => Number(r.reach)),
    das: records.filter((r) => r.section === 'da').map((r) => ({ name: r.name ?? '', counts: counts(r) })),
  };
}

/** Farmers, groups, reach and adoption of an area over Addis Ababa days, counted over the raw rows. */
export async function rawTotals(
  level: 'region' | 'woreda' | 'kebele',
  id: number,
  { from, to }: { from: string; to: string },
): Promise<number[]> {
  const day = (t: string) =>
    `((${t}.created_at at time zone 'UTC') + interval '3 hours')::date between $2 and $3`;
  const inArea = {
    region: 'w.zone_id in (select id from zones where region_id = $1)',
    woreda: 'k.woreda_id = $1',
    kebele: 'k.id = $1',
  }[level];
  const where = (t: string) =>
    `join kebeles k on k.id = ${t}.kebele_id join woredas w on w.id = k.woreda_id where ${inArea}`;
  const records = (table: string) =>
    `(select count(*)::int from ${table} r join farmers f on f.id = r.farmer_id ${where('f')} and ${day('r')})`;
  const r = await row<Record<string, number>>(
    `select (select count(*)::int from farmers f ${where('f')} and ${day('f')}) as a,
       (select count(*)::int from development_groups g ${where('g')} and ${day('g')}) as b,
       ${records('reach_records')} as c, ${records('adoption_records')} as d`,
    [id, from, to],
  );
  return [r.a, r.b, r.c, r.d].map(Number);
}

/** The chat's menu button, then the hub's Reports entry: the reports screen's frame. */
export async function reportsFromHub(page: Page, t: T): Promise<Frame> {
  await page.locator('#menu-button').click();
  await page.locator('#app').waitFor({ state: 'visible' });
  const app = await appFrame(page);
  await app.getByRole('link', { name: t('home.menu.reports'), exact: true }).click();
  return app;
}

/** Waits for the report of an area: its level and name, as the heading says them. */
export const reportOf = (app: Frame, t: T, level: ReportLevel, name: string) =>
  app.getByRole('heading', { name: `${t(`report.levels.${level}`)} ${name}`, exact: true }).waitFor();

/**
 * The caption's figures for the Monday `week` (README "Weekly report digest"): last week's reach and
 * adoption, and the 12 weeks to the Sunday before, over the raw rows.
 */
export async function digestCaption(
  lang: Language,
  area: string,
  woreda: number,
  week: string,
): Promise<string[]> {
  const t = tr(lang);
  const day = (d: string) => dayIn(lang, d);
  const sunday = addDays(week, -1);
  const [, , reach, adoption] = await rawTotals('woreda', woreda, { from: addDays(week, -7), to: sunday });
  const period = defaultPeriod(sunday);
  const [farmers, groups, reach12, adoption12] = await rawTotals('woreda', woreda, period);
  return [
    t('bot.digest.title', { area }),
    t('bot.digest.week', { week: day(addDays(week, -7)), reach: reach ?? 0, adoption: adoption ?? 0 }),
    t('bot.digest.period', {
      from: day(period.from),
      to: day(period.to),
      reach: reach12 ?? 0,
      adoption: adoption12 ?? 0,
      farmers: farmers ?? 0,
      groups: groups ?? 0,
    }),
  ];
}

/** 08:00 in Addis Ababa on the last Monday at or before `now`: when that week's digest was due. */
export function lastDigestTime(now: number): { week: string; at: number } {
  const due = digestWeek(now);
  return now >= due.sendAt
    ? { week: due.week, at: due.sendAt }
    : { week: addDays(due.week, -7), at: due.sendAt - 7 * 86_400_000 };
}

/**
 * That Monday's digests, as the product's engine makes them then: an engine on the product's own
 * database and Bot API (the emulator), its clock standing at `at` (the product's own engine, on
 * the real clock, would wait for the next Monday).
 */
export async function runDigestAt(product: Product, at: number) {
  const { telegram, links, publicUrl } = product.config;
  const engine = createNotificationEngine({
    db: productDb(),
    api: new Api(telegram.token, { apiRoot: telegram.apiRoot, environment: telegram.environment }),
    logger: createLogger({ level: 'warn' }),
    links: { secret: links.secret, ttlSeconds: links.ttlSeconds, publicUrl },
    clock: manualEngineClock(createManualClock(at)),
  });
  return engine.runDigests();
}

/** The next message of the bot's after the first `since` for which `has` holds. */
export const botMessage = (
  u: TestUser,
  since: number,
  has: (m: ReturnType<TestUser['history']>[number]) => boolean,
) =>
  u.waitFor(
    () =>
      u
        .history()
        .slice(since)
        .find((m) => m.from === 'bot' && has(m)),
    {
      timeoutMs: 20_000,
      description: 'a bot message',
    },
  );

/** The chat page's last document: its name as shown, and the bytes its link downloads. */
export async function downloadLastFile(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const link = page.locator('.row.in .bubble .file .file-name').last();
  await link.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: (await link.textContent()) ?? '', bytes: await readFile(await download.path()) };
}

/** The chat page's last photo, once drawn: its pixel size and its text. */
export async function lastPhoto(page: Page): Promise<{ width: number; height: number; alt: string }> {
  const image = page.locator('.row.in .bubble.with-photo img').last();
  await image.waitFor();
  return image.evaluate(async (i: HTMLImageElement) => {
    await i.decode();
    return { width: i.naturalWidth, height: i.naturalHeight, alt: i.alt };
  });
}
