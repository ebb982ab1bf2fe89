// Field mode, the outbox: a demo DA with no signal registers farmers, reloads the app
// without signal, and when the signal returns each farmer exists exactly once and the chat has
// one summary per save; and on a phone two DAs share (one browser profile), each DA's records
// are sent, shown and summed up only by that DA's own launches. Chromium, the network cut by
// DevTools' offline emulation; en and am.

import type { TestUser } from '@gebere/telegram-emulator';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_DA, daInChat } from './demo-das';
import { advisoryPath, countInChat } from './fault-steps';
import {
  closeMiniApp,
  type KeptRecord,
  keptRecords,
  type NewFarmer,
  openFromMenu,
  openScreenPage,
  registerFarmer,
  watchWrites,
} from './field-mode-steps';
import { cutSignal, firstPassDone, outboxTold, restoreSignal } from './field-steps';
import { expectCleanRun, journeyFile, row, rows } from './journey';
import {
  botSays,
  mark,
  openFromReply,
  openRecordForm,
  pressMainButton,
  summaryText,
  tick,
  tr,
} from './steps';
import { chromiumSkipReason, journeyLanguage, openChat } from './test-kit';

const journey = journeyFile();

describe.skipIf(chromiumSkipReason)('records saved without signal (needs Chromium)', () => {
  expectCleanRun(journey, 'outbox-journey');

  describe.each(journeyLanguage('outbox', ['en', 'am']))('in %s', (lang) => {
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
      const open = () => openScreenPage(browser, link.href, t, 'input[name="farmer_name"]');
      const app = await open();
      const second = await open();

      const suffix = String(Date.now()).slice(-7);
      const farmers: NewFarmer[] = [
        { names: ['Almaz', 'Kebede', 'Tessema'], phone: `091${suffix}` },
        { names: ['Chala', 'Gemechu', 'Tolera'], phone: `092${suffix}` },
      ];
      const register = async (page: Page, f: NewFarmer) => {
        await registerFarmer(page.mainFrame(), f, Number(group?.id));
        await page.getByText(t('common.outbox.kept_offline')).first().waitFor();
      };

      const before = mark(u);
      await cutSignal(browser.context);
      try {
        await register(app, farmers[0] as NewFarmer);
        await app.getByText(t('common.outbox.waiting_one', { count: 1 })).waitFor();
        await register(second, farmers[1] as NewFarmer);
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
      const summaries = () => countInChat(u, summary, before);
      await expect.poll(summaries, { timeout: 20_000 }).toBe(2);
      // A later open sends and tells nothing twice.
      await app.reload();
      await app.getByText(t('common.outbox.all_saved')).waitFor();
      await firstPassDone(app);
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
      const path = await advisoryPath(kebele, lang, 'reachable');

      const page = await openChat(journey.browser, journey.product, u.id);
      const app = await openRecordForm(page, u, t, 'reach', [field.group]);
      for (const name of field.names) await tick(app, name);
      for (const name of [path.category, path.chain, path.practice, ...path.subs]) await tick(app, name);
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
      const count = () => countInChat(u, summary, before);
      // Once the outbox has marked its records told, nothing of it tells the chat again; a
      // second copy sent before that would be in the chat already.
      await outboxTold(app);
      expect(count()).toBe(1);
      expect(await reached()).toBe(4);
      await page.close();
    }, 120_000);

    it('on a phone two DAs share, the other DA’s open neither sends nor shows the records kept', async () => {
      const { context } = journey.browser;
      const { u: a, page: chatA } = await daInChat(journey, t, lang);
      const da = await row<{ kebele_id: string }>(
        'select d.kebele_id from da_profiles d join bot_users b on b.da_profile_id = d.id where b.telegram_id = $1',
        [a.id],
      );
      const group = await row<{ id: string }>(
        'select id from development_groups where kebele_id = $1 order by id limit 1',
        [da.kebele_id],
      );
      const farmer: NewFarmer = {
        names: ['Tigist', 'Alemu', 'Worku'],
        phone: `096${String(Date.now()).slice(-7)}`,
      };
      const farmerRows = () =>
        rows('select id from farmers where phone_number = $1', [farmer.phone.slice(1)]);
      const summary = summaryText({ kind: 'records_synced', saved: 1, refused: 0, reasons: [] }, lang);

      // A, from the menu, registers a farmer with no signal and closes the app.
      const appA = await openFromMenu(chatA);
      await appA.getByRole('link', { name: t('home.menu.register_farmer') }).click();
      await appA
        .locator(`select[name="development_group"] option[value="${group.id}"]`)
        .waitFor({ state: 'attached' });
      await appA.getByText(t('common.outbox.all_saved')).waitFor();
      let kept: KeptRecord | undefined;
      await cutSignal(context);
      try {
        await registerFarmer(appA, farmer, group.id);
        await appA.getByText(t('common.outbox.kept_offline')).first().waitFor({ timeout: 30_000 });
        await appA.getByText(t('common.outbox.waiting_one', { count: 1 })).waitFor();
        // The press is over once the form has closed its batch (then the batch is summed up).
        await expect
          .poll(async () => (await keptRecords(appA)).filter((r) => r.state === 'pending' && !r.openUntil))
          .toHaveLength(1);
        [kept] = (await keptRecords(appA)).filter((r) => r.state === 'pending');
        expect(kept?.route).toBe('createFarmer');
        await closeMiniApp(chatA);
      } finally {
        await restoreSignal(context);
      }
      // What the phone's apps send from now on, whoever opens them.
      const writes = watchWrites(context, /\/(backend\/api\/farmer-profiles\/|tg\/result)/);

      // B, another DA, opens the app on the same phone, with signal: nothing of A's is sent,
      // counted, shown or told in B's chat.
      const { u: b, page: chatB } = await daInChat(journey, t, lang, DEMO_DA.om);
      const bSince = mark(b);
      const appB = await openFromMenu(chatB);
      await appB.getByText(t('common.outbox.all_saved')).waitFor();
      // Its first pass runs at once and sends what it would before it ends.
      await firstPassDone(appB);
      expect([writes.sent, writes.onTheWay()]).toEqual([[], 0]);
      expect(await appB.locator('.outbox-refused, .outbox-waiting').count()).toBe(0);
      expect(await farmerRows()).toEqual([]);
      expect((await keptRecords(appB)).find((r) => r.key === kept?.key)?.state).toBe('pending');
      await closeMiniApp(chatB);

      // A again: the record goes with A's proof, and A's chat hears of it, once.
      const aSince = mark(a);
      const again = await openFromMenu(chatA);
      await again.getByText(t('common.outbox.all_saved')).waitFor({ timeout: 30_000 });
      await expect.poll(farmerRows, { timeout: 30_000 }).toHaveLength(1);
      await expect.poll(() => countInChat(a, summary, aSince), { timeout: 30_000 }).toBe(1);
      const sent = writes.sent.filter((w) => w.url.includes('/farmer-profiles/'));
      expect(sent.map((w) => [w.key, w.status])).toEqual([[kept?.key, 201]]);
      const proven = new URLSearchParams(sent[0]?.authorization?.replace(/^tma /, '')).get('user');
      expect(JSON.parse(proven ?? '{}').id).toBe(a.id);
      expect(countInChat(b, summary, bSince)).toBe(0);
      writes.stop();
      await chatA.close();
      await chatB.close();
    }, 180_000);
  });
});
