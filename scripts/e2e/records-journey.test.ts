// A DA's own records, walked in Chromium through the emulator at 360×640, in one language (the
// rotation, test-kit.ts JOURNEY_LANGUAGE: Amharic, whose DAs type names in Ethiopic): My
// farmers from the chat's menu, a farmer registered in Latin letters found by a part of their
// father's name typed in Ethiopic, their phone corrected and their group changed, a wrong reach taken back, a
// duplicate retired; the chat gets each summary, the audit trail holds each change, and the
// kebele's report counts follow. Then the same edits with the signal cut, sent exactly once when
// it returns, and a farmer registered offline whom another DA registered meanwhile: refused on
// sync and shown to fix.

import { reportDayOf } from '@gebere/contract';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { daInChat } from './demo-das';
import {
  closeMiniApp,
  openScreenPage,
  refusedReasons,
  registerFarmer,
  storedValues,
  watchWrites,
} from './field-mode-steps';
import { cutSignal, restoreSignal, workerActive } from './field-steps';
import { closeChatPagesAfterEach, expectCleanRun, journeyFile, row, rows } from './journey';
import { botSays, mark, openFromReply, pressMainButton, summaryText, tr } from './steps';
import { chromiumSkipReason, journeyLanguage } from './test-kit';

const journey = journeyFile();

interface Farmer {
  id: string;
  farmer_name: string;
  father_name: string;
  grand_father_name: string;
  development_group_id: string;
}

/** The kebele's report totals as the reports screen reads them (the rollups), this year. */
async function totals(kebele: number): Promise<{ farmers: number; reach: number }> {
  // Reports count Addis Ababa's days: from 21:00 UTC on, today's records are tomorrow's in UTC.
  const to = reportDayOf(new Date());
  const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
  const r = (await journey.product.backend(
    'GET',
    `/api/reports/?level=kebele&area=${kebele}&from=${from}&to=${to}`,
  )) as { totals: { farmers: number; reach: number } };
  return r.totals;
}

/** A reach of the first advisory to a farmer, recorded by their DA with signal (the bot's service). */
async function reachOf(farmer: string, da: string): Promise<{ id: number }> {
  const [advisory] = await rows<{ id: string }>('select id from advisories order by id limit 1');
  return (await journey.product.backend('POST', '/api/reach-farmers/', {
    advisory: Number(advisory?.id),
    farmer: Number(farmer),
    user: Number(da),
  })) as { id: number };
}

const open = async (app: Frame, name: string) => {
  await app.locator('a.mf-farmer', { hasText: name }).first().click();
};

/** Waits until the app keeps a farmer's page for offline use (read-through.ts, once idle). */
const pageKept = (app: Frame, id: string) =>
  expect
    .poll(
      async () =>
        (
          await storedValues(
            app,
            'gebere-cache',
            'reads',
            JSON.stringify(['getFarmer', { params: { id: Number(id) } }]),
          )
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);

describe.skipIf(chromiumSkipReason)('a DA corrects their own records (needs Chromium)', () => {
  expectCleanRun(journey, 'records-journey');
  closeChatPagesAfterEach(journey);

  describe.each(journeyLanguage('records', ['am']))('in %s', (lang) => {
    const t = tr(lang);

    it('finds a farmer typed in Ethiopic, corrects, takes back, retires; the chat, the audit and the report follow', async () => {
      const { u, page } = await daInChat(journey, t, lang);
      const da = await row<{ id: string; kebele_id: string }>(
        `select d.id, d.kebele_id from da_profiles d join bot_users b on b.da_profile_id = d.id where b.telegram_id = $1`,
        [u.id],
      );
      const kebele = Number(da.kebele_id);
      // Two demo farmers of the DA's kebele (Adis Amba), registered in Latin letters.
      const byName = (first: string) =>
        row<Farmer>(
          `select id, farmer_name, father_name, grand_father_name, development_group_id from farmers
           where kebele_id = $1 and farmer_name = $2`,
          [kebele, first],
        );
      const farmer = await byName('Mulu');
      const twin = await byName('Biniam');
      // The group they move to: another of the kebele, added for them.
      const other = (await journey.product.backend('POST', '/api/development-groups/', {
        group_name: 'Lemlem',
        group_type: 'mixed',
        kebele,
        created_by: Number(da.id),
      })) as { id: number };
      const reach = await reachOf(farmer.id, da.id);
      const before = await totals(kebele);
      const name = `${farmer.farmer_name} ${farmer.father_name} ${farmer.grand_father_name}`;

      // Found by the first three syllables of the father's name (Alemayehu), typed in Ethiopic.
      expect(farmer.father_name).toBe('Alemayehu');
      let app = await openFromReply(page, t('bot.menu.my_farmers'));
      await app.getByRole('searchbox').fill('አለማ');
      await open(app, name);
      await app.getByText(t('registry.reach')).waitFor();

      // Corrected: a new phone, another group.
      let since = mark(u);
      await app.getByRole('link', { name: t('registry.correct') }).click();
      const phone = app.locator('input[name="phone_number"]');
      await phone.fill('0944556677');
      await app.locator('select[name="development_group"]').selectOption(String(other.id));
      await pressMainButton(page, t('registry.save'));
      await botSays(
        u,
        summaryText(
          { kind: 'registry_changed', change: 'corrected', farmer_id: Number(farmer.id), name },
          lang,
        ),
        20_000,
        since,
      );
      await closeMiniApp(page);

      // The reach taken back, then the twin retired as registered twice.
      app = await openFromReply(page, t('bot.menu.my_farmers'));
      await app.getByRole('searchbox').fill(farmer.farmer_name);
      await open(app, name);
      since = mark(u);
      await app
        .getByRole('button', { name: t('registry.take_back') })
        .first()
        .click();
      await botSays(u, (text) => text.startsWith('↩️'), 20_000, since);
      await closeMiniApp(page);

      app = await openFromReply(page, t('bot.menu.my_farmers'));
      await app.getByRole('searchbox').fill(twin.father_name);
      await open(app, `${twin.farmer_name} ${twin.father_name} ${twin.grand_father_name}`);
      await app.locator('select[aria-label]').last().selectOption('duplicate');
      since = mark(u);
      await app.getByRole('button', { name: t('registry.retire') }).click();
      await page.locator('#modal-buttons button', { hasText: t('registry.retire') }).click();
      await botSays(u, (text) => text.startsWith('🗂'), 20_000, since);
      await closeMiniApp(page);

      // The registry, its audit trail and the report.
      const now = await row<{ phone_number: string; development_group_id: string }>(
        'select phone_number, development_group_id from farmers where id = $1',
        [farmer.id],
      );
      expect({ ...now, development_group_id: Number(now.development_group_id) }).toEqual({
        phone_number: '944556677',
        development_group_id: other.id,
      });
      expect(
        (await row<{ retired_reason: string }>('select retired_reason from farmers where id = $1', [twin.id]))
          .retired_reason,
      ).toBe('duplicate');
      const audited = await rows<{
        table_name: string;
        action: string;
        da_id: string;
        after: Record<string, unknown>;
      }>(
        `select table_name, action, da_id, after from audit_log
         where actor = 'user' and ((table_name = 'farmers' and record_id in ($1, $2)) or (table_name = 'reach_records' and record_id = $3))
         and action = 'update' order by id`,
        [farmer.id, twin.id, reach.id],
      );
      expect(audited.map((a) => [a.table_name, Object.keys(a.after).sort()])).toEqual([
        ['farmers', ['development_group_id', 'phone_number']],
        ['reach_records', expect.arrayContaining(['taken_back_at'])],
        ['farmers', expect.arrayContaining(['retired_at', 'retired_reason'])],
      ]);
      expect(new Set(audited.map((a) => String(a.da_id)))).toEqual(new Set([String(da.id)]));
      const after = await totals(kebele);
      expect(after).toMatchObject({ farmers: before.farmers - 1, reach: before.reach - 1 });
    }, 120_000);

    it('the same edits with no signal are sent once; a farmer registered meanwhile is refused on sync, to fix', async () => {
      const { browser } = journey;
      const { u, page } = await daInChat(journey, t, lang);
      const da = await row<{ id: string; kebele_id: string }>(
        `select d.id, d.kebele_id from da_profiles d join bot_users b on b.da_profile_id = d.id where b.telegram_id = $1`,
        [u.id],
      );
      const kebele = Number(da.kebele_id);
      // Two more farmers of the kebele, registered with signal (by the bot's service, for the DA).
      const group = await row<{ id: string; group_name: string }>(
        'select id, group_name from development_groups where kebele_id = $1 order by id limit 1',
        [kebele],
      );
      const suffix = String(Date.now()).slice(-6);
      const register = async (first: string, n: number): Promise<Farmer> => {
        const made = (await journey.product.backend('POST', '/api/farmer-profiles/', {
          farmer_name: first,
          father_name: 'Alemu',
          grand_father_name: `Bekele${suffix}`,
          phone_number: `9${n}${suffix}0`,
          gender: 'female',
          kebele,
          development_group: Number(group.id),
          created_by: Number(da.id),
        })) as { id: number };
        return row<Farmer>(
          'select id, farmer_name, father_name, grand_father_name, development_group_id from farmers where id = $1',
          [made.id],
        );
      };
      const farmer = await register('Kidist', 1);
      const twin = await register('Selam', 2);
      const reach = await reachOf(farmer.id, da.id);
      const nameOf = (f: Farmer) => `${f.farmer_name} ${f.father_name} ${f.grand_father_name}`;

      // With signal: My farmers keeps both farmers' pages as they are opened; the farmer form
      // opens as its own app (its signed link).
      let app = await openFromReply(page, t('bot.menu.my_farmers'));
      await workerActive(app);
      for (const f of [twin, farmer]) {
        await app.getByRole('searchbox').fill(f.farmer_name);
        await open(app, nameOf(f));
        await app.getByText(t('registry.reach')).waitFor();
        await pageKept(app, f.id);
        await page.locator('#app-back').click();
        await app.getByRole('searchbox').waitFor();
      }
      await closeMiniApp(page);
      const formLink = new URL((await openFromReply(page, t('bot.menu.register_farmer'))).url());
      formLink.hash = '';
      await closeMiniApp(page);
      app = await openFromReply(page, t('bot.menu.my_farmers'));
      const form = await openScreenPage(browser, formLink.href, t, 'input[name="farmer_name"]');
      // Meanwhile another DA registers a farmer with a phone this phone has never seen.
      const phone = `0936${String(Date.now()).slice(-6)}`;
      await journey.product.backend('POST', '/api/farmer-profiles/', {
        farmer_name: 'Tsehay',
        father_name: 'Worku',
        grand_father_name: 'Ayele',
        phone_number: phone.slice(1),
        gender: 'female',
        kebele,
        development_group: Number(group.id),
        created_by: Number(da.id),
      });

      const writes = watchWrites(browser.context, /\/backend\/api\//);
      await cutSignal(browser.context);
      try {
        // Corrected, its reach taken back, the other retired: each kept on the phone.
        await app.getByRole('searchbox').fill(farmer.farmer_name);
        await open(app, nameOf(farmer));
        await app.getByRole('link', { name: t('registry.correct') }).click();
        await app.locator('input[name="phone_number"]').fill('0944556688');
        await pressMainButton(page, t('registry.save'));
        await app.getByText(t('common.outbox.kept_offline')).first().waitFor({ timeout: 30_000 });
        await page.locator('#app-back').click();
        await app
          .getByRole('button', { name: t('registry.take_back') })
          .first()
          .click();
        await app.getByText(t('common.outbox.waiting_other', { count: 2 })).waitFor({ timeout: 30_000 });
        await page.locator('#app-back').click();
        await app.getByRole('searchbox').fill(twin.farmer_name);
        await open(app, nameOf(twin));
        const why = app.getByRole('combobox', { name: t('registry.retire_reason') });
        await why.selectOption('duplicate');
        await expect.poll(() => why.inputValue()).toBe('duplicate');
        await app.getByRole('button', { name: t('registry.retire') }).click();
        await page.locator('#modal-buttons button', { hasText: t('registry.retire') }).click();
        await app.getByText(t('common.outbox.waiting_other', { count: 3 })).waitFor({ timeout: 30_000 });
        // The farmer the other DA registered: this phone knows nothing of them.
        await registerFarmer(form.mainFrame(), { names: ['Tsehay', 'Worku', 'Ayele'], phone }, group.id);
        await form.getByText(t('common.outbox.kept_offline')).first().waitFor({ timeout: 30_000 });
        expect(writes.sent.filter((w) => w.status)).toEqual([]);
      } finally {
        await restoreSignal(browser.context);
      }

      // The signal back: each edit saved once; the farmer refused with where they are, to fix.
      const refusal = t('farmer.phone_registered_in_group', { group: group.group_name });
      await expect.poll(() => refusedReasons(form.mainFrame()), { timeout: 60_000 }).toEqual([refusal]);
      await form
        .getByRole('button', { name: t('common.fix') })
        .first()
        .waitFor();
      await app.getByText(t('common.outbox.all_saved')).waitFor({ timeout: 60_000 });
      const changed = await rows<{ table_name: string; record_id: string }>(
        `select table_name, record_id from audit_log where actor = 'user' and action = 'update'
         and ((table_name = 'farmers' and record_id in ($1, $2)) or (table_name = 'reach_records' and record_id = $3))
         order by id`,
        [farmer.id, twin.id, reach.id],
      );
      expect(changed.map((c) => [c.table_name, String(c.record_id)])).toEqual([
        ['farmers', String(farmer.id)],
        ['reach_records', String(reach.id)],
        ['farmers', String(twin.id)],
      ]);
      const now = async (id: string) =>
        row<{ phone_number: string | null; retired_reason: string | null }>(
          'select phone_number, retired_reason from farmers where id = $1',
          [id],
        );
      expect(await now(farmer.id)).toEqual({ phone_number: '944556688', retired_reason: null });
      expect((await now(twin.id)).retired_reason).toBe('duplicate');
      expect(await rows('select id from farmers where phone_number = $1', [phone.slice(1)])).toHaveLength(1);
      // Sent as three writes, each under its own key (a retry of one would repeat its key): the
      // correction (PATCH), the take-back and the retirement.
      const saved = writes.sent.filter((w) => w.status !== undefined && w.status < 300);
      expect(new Set(saved.map((w) => new URL(w.url).pathname.replace(/\d+/g, ':id'))).size).toBe(3);
      expect(new Set(saved.map((w) => w.key)).size).toBe(3);
      writes.stop();
      await form.close();
    }, 180_000);
  });
});
