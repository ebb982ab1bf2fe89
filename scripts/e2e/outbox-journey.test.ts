// Issue 19 (field mode), the outbox: a demo DA with no signal registers farmers, reloads the app
// without signal, and when the signal returns each farmer exists exactly once and the chat has
// one summary per save. Chromium, the network cut by DevTools' offline emulation; en and am.

import type { TestUser } from '@gebere/telegram-emulator';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { daInChat } from './demo-das';
import { advisoryPath, cutSignal, restoreSignal } from './field-steps';
import { expectCleanRun, journeyFile, rows } from './journey';
import {
  botSays,
  choose,
  mark,
  openFromReply,
  openRecordForm,
  pressMainButton,
  summaryText,
  tick,
  tr,
} from './steps';
import { chromiumSkipReason, openChat } from './test-kit';

vi.mock('../../bot/src/server/embedded-backend', async (original) =>
  (await import('./db-capture')).wrapBackend(await original()),
);

const journey = journeyFile();

describe.skipIf(chromiumSkipReason)('records saved without signal (needs Chromium)', () => {
  expectCleanRun(journey, 'outbox-journey');

  describe.each(['en', 'am'] as const)('in %s', (lang) => {
    const t = tr(lang);
    /** The DA, their kebele, the group and the farmers the first test registered offline. */
    const field = {} as { u: TestUser; kebele: number; group: string; farmers: number[]; names: string[] };

    it('keeps farmers through a reload offline, then saves each once with one summary per save', async () => {
      const { browser } = journey;
      const { u, page: chat } = await daInChat(journey, t, lang);
      const link = new URL((await openFromReply(chat, t('bot.menu.register_farmer'))).url());
      link.hash = '';
      await chat.close();
      const kebele = Number(link.searchParams.get('kebele_id'));
      const [group] = await rows<{ id: string; group_name: string }>(
        'select id, group_name from development_groups where kebele_id = $1 order by id limit 1',
        [kebele],
      );
      expect(group).toBeDefined();

      // Two copies of the form opened with signal (each registers one farmer: a saved form is
      // done); without the data cache, a form reloaded offline cannot list its groups.
      const open = async () => {
        const page = await browser.context.newPage();
        page.setDefaultTimeout(20_000);
        page.on('pageerror', (e) => browser.errors.push(`${page.url()}: ${e.message}`));
        await page.goto(link.href);
        await page.locator('input[name="farmer_name"]').waitFor();
        // The worker keeps the shell (a reload offline); the outbox has loaded after the paint.
        await expect
          .poll(
            () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
            { timeout: 20_000 },
          )
          .toBe('activated');
        await page.getByText(t('common.outbox.all_saved')).waitFor();
        return page;
      };
      const app = await open();
      const second = await open();

      const suffix = String(Date.now()).slice(-7);
      const farmers = [
        { names: ['Almaz', 'Kebede', 'Tessema'], phone: `091${suffix}` },
        { names: ['Chala', 'Gemechu', 'Tolera'], phone: `092${suffix}` },
      ];
      const register = async (page: Page, f: (typeof farmers)[number]) => {
        await page.locator('input[name="farmer_name"]').fill(f.names[0] as string);
        await page.locator('input[name="father_name"]').fill(f.names[1] as string);
        await page.locator('input[name="grand_father_name"]').fill(f.names[2] as string);
        await page.locator('input[name="phone_number"]').fill(f.phone);
        await choose(page.mainFrame(), 'gender', 'female');
        await choose(page.mainFrame(), 'development_group', Number(group?.id));
        await page.locator('.inpage-main-button button').click();
        await page.getByText(t('common.outbox.kept_offline')).first().waitFor();
      };

      const before = u.history().length;
      await cutSignal(browser.context);
      try {
        await register(app, farmers[0] as (typeof farmers)[number]);
        await app.getByText(t('common.outbox.waiting_one', { count: 1 })).waitFor();
        await register(second, farmers[1] as (typeof farmers)[number]);
        await second.getByText(t('common.outbox.waiting_other', { count: 2 })).waitFor();
        await second.close();
        // The app reloaded with no signal: both kept records are still there.
        const reloaded = await app.reload();
        expect(reloaded?.fromServiceWorker()).toBe(true);
        await app.getByText(t('common.outbox.waiting_other', { count: 2 })).waitFor();
        const saved = await rows('select id from farmers where phone_number = any($1)', [
          farmers.map((f) => f.phone.slice(1)),
        ]);
        expect(saved).toEqual([]);
      } finally {
        await restoreSignal(browser.context);
      }

      // The signal is back: the app syncs by itself (the `online` event).
      await app.getByText(t('common.outbox.all_saved')).waitFor({ timeout: 30_000 });
      for (const f of farmers) {
        const found = await rows('select id from farmers where phone_number = $1', [f.phone.slice(1)]);
        expect(found, f.phone).toHaveLength(1);
      }
      const summary = summaryText({ kind: 'records_synced', saved: 1, refused: 0, reasons: [] }, lang);
      const summaries = () =>
        u
          .history()
          .slice(before)
          .filter((m) => m.text === summary).length;
      await expect.poll(summaries, { timeout: 20_000 }).toBe(2);
      // A later open sends and tells nothing twice.
      await app.reload();
      await app.getByText(t('common.outbox.all_saved')).waitFor();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(summaries()).toBe(2);
      for (const f of farmers)
        expect(await rows('select id from farmers where phone_number = $1', [f.phone.slice(1)])).toHaveLength(
          1,
        );
      await app.close();
      Object.assign(field, {
        u,
        kebele,
        group: group?.group_name,
        names: farmers.map((f) => f.names.join(' ')),
        farmers: (
          await rows<{ id: string }>('select id from farmers where phone_number = any($1) order by id', [
            farmers.map((f) => f.phone.slice(1)),
          ])
        ).map((r) => Number(r.id)),
      });
    }, 120_000);

    it('records reach with no signal: kept, then saved once when the signal returns, one summary', async () => {
      const { u, kebele } = field;
      expect(u, 'the farmers test ran first').toBeDefined();
      // Two sub-practices of one practice with an advisory for the DA's area (as da-journey).
      const path = await advisoryPath(kebele, lang, 2);

      const page = await openChat(journey.browser, journey.product, u.id);
      const app = await openRecordForm(page, u, t, 'reach', [field.group]);
      for (const name of field.names) await tick(app, name);
      for (const name of [path.category, path.chain, path.practice, ...path.subPractices])
        await tick(app, name);
      await expect
        .poll(() => app.locator('[data-level="advisory"] input[type="checkbox"]:checked').count(), {
          timeout: 20_000,
        })
        .toBe(2);
      await app.getByText(t('common.outbox.all_saved')).waitFor();

      const reached = () =>
        rows<{ n: number }>('select count(*)::int as n from reach_records where farmer_id = any($1)', [
          field.farmers,
        ]).then((r) => r[0]?.n);
      const before = mark(u);
      await cutSignal(journey.browser.context);
      try {
        await pressMainButton(page);
        await app.getByText(t('common.outbox.kept_offline')).first().waitFor();
        await app.getByText(t('common.outbox.waiting_one', { count: 1 })).waitFor();
        expect(await reached()).toBe(0);
      } finally {
        await restoreSignal(journey.browser.context);
      }
      await app.getByText(t('common.outbox.all_saved')).waitFor({ timeout: 30_000 });
      expect(await reached()).toBe(4);
      const summary = summaryText({ kind: 'records_synced', saved: 4, refused: 0, reasons: [] }, lang);
      await botSays(u, summary, 20_000, before);
      const count = () =>
        u
          .history()
          .slice(before)
          .filter((m) => m.text === summary).length;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(count()).toBe(1);
      expect(await reached()).toBe(4);
      await page.close();
    }, 120_000);
  });
});
