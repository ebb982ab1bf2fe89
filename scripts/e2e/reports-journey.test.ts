// Reports, its "Done when" in Debian's Chromium through the emulator's chat page at
// 360×640, on the demo data: a report user opens Reports from the home hub (the chat's menu
// button), sees their woreda's demo figures as bars, drills down to a kebele, has the bot send the
// rows as a CSV (the file shows in the chat, its rows the view's), subscribes to the digest with
// /digest, and gets that Monday's chart in the chat; then the same screen in dark. English (the
// demo report user the chat page offers a first run), Amharic and Afaan Oromo; axe on each view
// and on the chat with the file and the chart. Then a demo DA and a supervisor, each their area.

import { CHART_HEIGHT, CHART_WIDTH } from '@gebere/bot/notifications';
import { DEMO_PLACES } from '@gebere/bot/seed';
import { defaultPeriod, reportDayOf, reportWeeks } from '@gebere/contract';
import { dayIn } from '@gebere/i18n';
import { describe, expect, it } from 'vitest';
import { axeSerious } from './a11y';
import { daInChat } from './demo-das';
import { expectCleanRun, journeyFile, row } from './journey';
import {
  botMessage,
  csvFigures,
  digestCaption,
  downloadLastFile,
  lastDigestTime,
  lastPhoto,
  rawTotals,
  reportOf,
  reportsFromHub,
  runDigestAt,
  viewFigures,
  viewPeriod,
} from './report-steps';
import { botSays, closeApp, mark, pressInline, replyLabels, sendText, startWithContact, tr } from './steps';
import { appFrame, chromiumSkipReason, journeyLanguage, openChat, screenshot } from './test-kit';

/** Report users made here, as the report-user form saves them (that form has its own journey). */
const REPORTER = { en: '911000811', am: '911000822', om: '911000833' } as const;

const journey = journeyFile();

/** The demo woreda with two demo kebeles, and its busiest kebele (demo/places.ts), named in `lang`. */
async function demoPlace(lang: 'en' | 'am' | 'om') {
  const named = (t: string) => (lang === 'en' ? `${t}.name` : `coalesce(${t}.name_${lang}, ${t}.name)`);
  return row<{
    region: number;
    zone: number;
    woreda: number;
    kebele: number;
    zoneName: string;
    woredaName: string;
    kebeleName: string;
  }>(
    `select z.region_id::int as region, w.zone_id::int as zone, w.id::int as woreda, k.id::int as kebele,
       ${named('z')} as "zoneName", ${named('w')} as "woredaName", ${named('k')} as "kebeleName"
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.code = $1`,
    [DEMO_PLACES.bahirDarZuria.danamariyam],
  );
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe.skipIf(chromiumSkipReason)('reports (needs Chromium)', () => {
  expectCleanRun(journey, 'reports-journey');

  describe.each(journeyLanguage('reports', ['en', 'am', 'om']))('in %s', (lang) => {
    const t = tr(lang);

    it('done when: hub → woreda bars → kebele → CSV in the chat → /digest → that Monday’s chart', async () => {
      const { product } = journey;
      const place = await demoPlace(lang);
      if (lang === 'en') {
        // A first run: the chat page opens on the demo's report user, saying who they are.
        const first = await openChat(journey.browser, product, null);
        await expect
          .poll(() => first.locator('#user-select option:checked').textContent())
          .toMatch(/^Hana Girma \(en\) — report user of /);
        await first.close();
      }
      const u = product.emulator.createUser({
        first_name: 'Hana',
        language_code: lang,
        phone_number: `+251${REPORTER[lang]}`,
      });
      await product.backend('POST', '/api/report-users/', {
        name: 'Hana Girma',
        phone_no: REPORTER[lang],
        gender: 'female',
        region: place.region,
        zone: place.zone,
        woreda: place.woreda,
        created_by: u.id,
      });
      const page = await openChat(journey.browser, product, u.id);
      // A chat the bot has not seen: the hub finds her profile by her Telegram id and offers
      // her reports, not "send /start and share your phone".
      await page.locator('#menu-button').click();
      const hub = await appFrame(page);
      await hub.getByRole('link', { name: t('home.menu.reports'), exact: true }).waitFor();
      expect(await hub.getByText(t('home.share_contact')).count()).toBe(0);
      await closeApp(page);
      // Her phone shared: greeted as the report user she is, her Reports first, not "register".
      await startWithContact(
        page,
        u,
        t,
        (text) =>
          text.startsWith(t('bot.welcome_back', { name: 'Hana' })) &&
          text.includes(t('bot.report_user_home')),
      );
      expect(replyLabels(u)[0]).toBe(t('bot.menu.reports'));

      // Reports from the home hub: the chat's menu button.
      let app = await reportsFromHub(page, t);
      await reportOf(app, t, 'woreda', place.woredaName);
      const woreda = await viewFigures(app, t);
      const period = await viewPeriod(app, lang);
      // Days as the reader counts them: Ethiopian dates in Amharic and Afaan Oromo, read back to
      // the 12 weeks to today; the weeks' labels too (every other week has one).
      expect(period).toEqual(defaultPeriod(reportDayOf(new Date())));
      const shown = t('report.totals', { from: dayIn(lang, period.from), to: dayIn(lang, period.to) });
      await app.getByText(shown, { exact: true }).waitFor();
      if (lang !== 'en') expect(shown).not.toMatch(/\d{4}-\d{2}/);
      const labels = await app
        .locator('.report-chart')
        .first()
        .locator('.ct-label.ct-horizontal')
        .allTextContents();
      expect(labels.filter(Boolean)[0]).toBe(dayIn(lang, reportWeeks(period.to)[0] as string, 'short'));
      expect(woreda.totals).toEqual(await rawTotals('woreda', place.woreda, period));
      // The demo's weeks: reach in most of them, and adoption.
      expect(woreda.reachPerWeek).toHaveLength(12);
      expect(woreda.reachPerWeek.filter((n) => n > 0).length).toBeGreaterThanOrEqual(8);
      expect(sum(woreda.reachPerWeek)).toBe(woreda.totals[2]);
      expect(woreda.totals[3]).toBeGreaterThan(0);
      journey.findings.push(...(await axeSerious(app, `${lang} /reports (woreda)`)));
      await screenshot(page, `${lang}-light-reports-woreda`);
      // …and further down, the weeks as bars.
      await app
        .getByText(t('report.per_week'))
        .first()
        .evaluate((e) => e.scrollIntoView());
      await screenshot(page, `${lang}-light-reports-woreda-weeks`);

      // Drill down to the kebele.
      await app.getByRole('link', { name: place.kebeleName, exact: true }).click();
      await reportOf(app, t, 'kebele', place.kebeleName);
      const kebele = await viewFigures(app, t);
      expect(kebele.totals).toEqual(await rawTotals('kebele', place.kebele, await viewPeriod(app, lang)));
      expect(kebele.totals[2]).toBeGreaterThan(0);
      journey.findings.push(...(await axeSerious(app, `${lang} /reports (kebele)`)));
      await screenshot(page, `${lang}-light-reports-kebele`);

      // The rows behind the view, sent by the bot as a document: its figures are the view's.
      let since = mark(u);
      await app.getByRole('button', { name: t('report.export') }).click();
      await app.getByText(t('report.exported')).waitFor();
      const sent = await botMessage(u, since, (m) => m.document !== undefined);
      expect(sent.document?.file_name).toMatch(new RegExp(`^report-kebele-${place.kebele}-`));
      const csv = Buffer.from(sent.document?.bytes ?? []);
      expect(csvFigures(csv.toString('utf8'))).toEqual(kebele);
      // Back in the chat, the file is there to download.
      await closeApp(page);
      expect(await downloadLastFile(page)).toEqual({ name: sent.document?.file_name, bytes: csv });
      journey.findings.push(...(await axeSerious(page.mainFrame(), `${lang} chat with the CSV`)));
      await screenshot(page, `${lang}-light-chat-report-csv`);

      // The weekly digest: subscribed from the bot, then that Monday at 08:00.
      since = mark(u);
      await sendText(page, '/digest');
      await botSays(u, t('bot.digest.status_off'), 20_000, since);
      await pressInline(page, t('bot.digest.status_off'), t('bot.digest.subscribe'));
      await botSays(u, t('bot.digest.subscribed'), 20_000, since);
      const { week, at } = lastDigestTime(Date.now());
      since = mark(u);
      await runDigestAt(product, at);
      const digest = await botMessage(u, since, (m) => m.photo !== undefined);
      expect(digest.text?.split('\n')).toEqual(
        await digestCaption(lang, place.woredaName, place.woreda, week),
      );
      expect(await lastPhoto(page)).toEqual({
        width: CHART_WIDTH,
        height: CHART_HEIGHT,
        alt: `Photo: ${t('bot.digest.title', { area: place.woredaName })}`,
      });
      journey.findings.push(...(await axeSerious(page.mainFrame(), `${lang} chat with the digest`)));
      await screenshot(page, `${lang}-light-chat-digest`);
      // Once: running that Monday again sends nothing more.
      await runDigestAt(product, at + 60_000);
      expect(u.history().filter((m) => m.photo)).toHaveLength(1);

      // Dark: the chat page in the dark theme, the reports opened from /reports in the chat.
      const dark = await openChat(journey.browser, product, u.id, 'dark');
      since = mark(u);
      await sendText(dark, '/reports');
      await botSays(u, t('bot.open_reports'), 20_000, since);
      await pressInline(dark, t('bot.open_reports'), t('bot.open_reports_button'));
      app = await appFrame(dark);
      expect((await viewFigures(app, t)).totals).toEqual(woreda.totals);
      journey.findings.push(...(await axeSerious(app, `${lang} /reports (dark)`)));
      await screenshot(dark, `${lang}-dark-reports-woreda`);
      await dark.close();
      await page.close();
    }, 240_000);
  });

  it('a DA sees their kebele, a manager DA their region, a supervisor their zone down to a kebele', async () => {
    const t = tr('en');
    // Tsegaye: a demo DA with no grant, in Chume; the kebele, with nowhere to drill or go up.
    const chume = await row<{ id: number; name: string }>(
      'select id::int, name from kebeles where code = $1',
      [DEMO_PLACES.dale.chume],
    );
    const tsegaye = journey.product.emulator.createUser({
      first_name: 'Tsegaye',
      language_code: 'en',
      phone_number: '+251916789005',
    });
    const page = await openChat(journey.browser, journey.product, tsegaye.id);
    await startWithContact(page, tsegaye, t, (text) => text.includes(t('bot.verified')));
    let app = await reportsFromHub(page, t);
    await reportOf(app, t, 'kebele', chume.name);
    const own = await viewFigures(app, t);
    expect(own.totals).toEqual(await rawTotals('kebele', chume.id, await viewPeriod(app, 'en')));
    expect(own.totals[2]).toBeGreaterThan(0);
    expect(await app.locator('.report-drill').count()).toBe(0);
    expect(await app.locator('.report-trail a').count()).toBe(0);
    await page.close();

    // Abebe: a demo DA and the demo's notification manager over Amhara: the region, not his kebele.
    const place = await demoPlace('en');
    const amhara = await row<{ name: string }>('select name from regions where id = $1', [place.region]);
    const { page: abebe } = await daInChat(journey, t, 'en');
    app = await reportsFromHub(abebe, t);
    await reportOf(app, t, 'region', amhara.name);
    const region = await viewFigures(app, t);
    expect(region.totals).toEqual(await rawTotals('region', place.region, await viewPeriod(app, 'en')));
    await abebe.close();

    // A supervisor (an operator's grant over the demo's zone) opens /reports on the zone.
    const phone = '911000866';
    const supervisor = journey.product.emulator.createUser({
      first_name: 'Tigist',
      language_code: 'en',
      phone_number: `+251${phone}`,
    });
    await journey.product.backend('POST', '/api/role-grants/', {
      phone_number: `0${phone}`,
      role: 'supervisor',
      location_type: 'zone',
      location_id: place.zone,
    });
    const chat = await openChat(journey.browser, journey.product, supervisor.id);
    await startWithContact(chat, supervisor, t, (text) => text.startsWith(t('bot.not_registered')));
    await sendText(chat, '/reports');
    await botSays(supervisor, t('bot.open_reports'));
    await pressInline(chat, t('bot.open_reports'), t('bot.open_reports_button'));
    app = await appFrame(chat);
    await reportOf(app, t, 'zone', place.zoneName);
    await app.getByRole('link', { name: place.woredaName, exact: true }).click();
    await reportOf(app, t, 'woreda', place.woredaName);
    await app.getByRole('link', { name: place.kebeleName, exact: true }).click();
    await reportOf(app, t, 'kebele', place.kebeleName);
    const kebele = await viewFigures(app, t);
    expect(kebele.totals).toEqual(await rawTotals('kebele', place.kebele, await viewPeriod(app, 'en')));
    // …with the way back up to the zone and the woreda, and nothing beside them.
    expect(await app.locator('.report-trail a').allTextContents()).toEqual([
      t('report.up_to', { name: place.zoneName }),
      t('report.up_to', { name: place.woredaName }),
    ]);
    await chat.close();
  });
});
