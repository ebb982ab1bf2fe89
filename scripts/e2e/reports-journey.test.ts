// Reports (issue 20), in Debian's Chromium through the emulator's chat page at 360×640: a report
// user of the demo DA's woreda opens /reports from the chat, sees the woreda's demo numbers as
// bars and tables, drills down to the demo kebele, has the rows sent as a CSV document, and
// reads the same in dark; English and Amharic, axe on each view.

import { describe, expect, it, vi } from 'vitest';
import { axeSerious } from './a11y';
import { expectCleanRun, journeyFile, row } from './journey';
import { botSays, pressInline, sendText, shareContact, tr } from './steps';
import { appFrame, chromiumSkipReason, openChat, screenshot } from './test-kit';

vi.mock('../../bot/src/server/embedded-backend', async (original) =>
  (await import('./db-capture')).wrapBackend(await original()),
);

/** The demo kebele with the demo DAs' farmers (bot/src/backend/seed/demo/places.ts). */
const DEMO_KEBELE = 'ET031702888001';
const REPORTER = { en: '911000811', am: '911000822' } as const;

const journey = journeyFile();

describe.skipIf(chromiumSkipReason)('reports (needs Chromium)', () => {
  expectCleanRun(journey, 'reports-journey');

  describe.each(['en', 'am'] as const)('in %s', (lang) => {
    const t = tr(lang);

    it('a report user sees the woreda, drills down to a kebele and gets the CSV in the chat', async () => {
      const area = await row<{ region: number; zone: number; woreda: number; kebele: number; name: string }>(
        `select z.region_id::int as region, w.zone_id::int as zone, k.woreda_id::int as woreda, k.id::int as kebele,
           coalesce(${lang === 'am' ? 'k.name_am, ' : ''}k.name) as name
         from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.code = $1`,
        [DEMO_KEBELE],
      );
      const farmers = await row<{ n: number }>(
        'select count(*)::int as n from farmers f join kebeles k on k.id = f.kebele_id where k.woreda_id = $1',
        [area.woreda],
      );
      const u = journey.product.emulator.createUser({
        first_name: 'Hana',
        language_code: lang,
        phone_number: `+251${REPORTER[lang]}`,
      });
      // The profile as the report-user form saves it (that form has its own journey).
      await journey.product.backend('POST', '/api/report-users/', {
        name: 'Hana Girma',
        phone_no: REPORTER[lang],
        gender: 'female',
        region: area.region,
        zone: area.zone,
        woreda: area.woreda,
        created_by: u.id,
      });
      const page = await openChat(journey.browser, journey.product, u.id);
      await sendText(page, '/start');
      await botSays(u, t('bot.ask_contact'));
      await shareContact(page, t('bot.share_contact_button'));
      await botSays(u, (text) => text.startsWith(t('bot.not_registered')));
      await sendText(page, '/reports');
      await botSays(u, t('bot.open_reports'));
      await pressInline(page, t('bot.open_reports'), t('bot.open_reports_button'));
      let app = await appFrame(page);
      await app.getByRole('heading', { name: new RegExp(t('report.levels.woreda')) }).waitFor();
      const totals = app.locator('.report-totals dd').first();
      await expect.poll(() => totals.textContent(), { timeout: 20_000 }).toBe(String(farmers.n));
      await app.locator('.report-chart svg').first().waitFor();
      journey.findings.push(...(await axeSerious(app, `${lang} /reports (woreda)`)));
      await screenshot(page, `${lang}-light-reports-woreda`);

      await app.getByRole('link', { name: area.name, exact: true }).click();
      await app.getByRole('heading', { name: new RegExp(t('report.levels.kebele')) }).waitFor();
      journey.findings.push(...(await axeSerious(app, `${lang} /reports (kebele)`)));
      await screenshot(page, `${lang}-light-reports-kebele`);

      await app.getByRole('button', { name: t('report.export') }).click();
      await app.getByText(t('report.exported')).waitFor();
      const file = await u.waitForMessage((m) => m.document !== undefined);
      expect(file.document?.file_name).toMatch(new RegExp(`^report-kebele-${area.kebele}-`));
      expect(Buffer.from(file.document?.bytes ?? []).toString('utf8')).toContain(area.name);

      // Dark: the chat page in the dark theme, the reports opened again from the chat.
      const dark = await openChat(journey.browser, journey.product, u.id, 'dark');
      const shown = u.history().length;
      await sendText(dark, '/reports');
      await botSays(u, t('bot.open_reports'), 20_000, shown);
      await pressInline(dark, t('bot.open_reports'), t('bot.open_reports_button'));
      app = await appFrame(dark);
      await app.locator('.report-chart svg').first().waitFor();
      journey.findings.push(...(await axeSerious(app, `${lang} /reports (dark)`)));
      await screenshot(dark, `${lang}-dark-reports-woreda`);
    });
  });
});
