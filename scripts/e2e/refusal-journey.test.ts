// Field mode, "a record refused on sync is reported": a demo DA with no signal records
// reach for farmers of a group they created and registers a farmer; meanwhile the DA is
// transferred to another kebele. When the signal returns the reach records are saved once (a
// DA keeps writing for the groups they created), the farmer is refused with the server's reason
// in the DA's language, on every open screen and in the chat, and stays until the DA removes it.
// Chromium, the network cut by DevTools' offline emulation; en and am.

import { message } from '@gebere/bot/backend';
import { describe, expect, it } from 'vitest';
import { axeSerious } from './a11y';
import { daInChat } from './demo-das';
import { chatSeen, englishAmong, englishOnScreen } from './english-leaks';
import { advisoryPath, chooseRecords, countInChat } from './fault-steps';
import {
  closeMiniApp,
  type NewFarmer,
  openRecords,
  openScreenPage,
  refusedReasons,
  registerFarmer,
  removeRefused,
  settled,
  watchWrites,
} from './field-mode-steps';
import { cutSignal, restoreSignal } from './field-steps';
import { expectCleanRun, journeyFile, row, rows } from './journey';
import { botSays, mark, openFromReply, openRecordForm, pressMainButton, summaryText, tr } from './steps';
import { chromiumSkipReason, journeyLanguage, screenshot } from './test-kit';

const journey = journeyFile();

describe.skipIf(chromiumSkipReason)('a record refused on sync (needs Chromium)', () => {
  expectCleanRun(journey, 'refusal-journey');

  describe.each(journeyLanguage('refusal', ['en', 'am']))('in %s', (lang) => {
    const t = tr(lang);
    // The server's own words for the refusal, in the DA's language.
    const outOfArea = message(lang, 'out_of_area');

    it('keeps the refused farmer with its reason until removed; the reach records are saved once', async () => {
      const { browser, product } = journey;
      const { u, page: chat } = await daInChat(journey, t, lang);
      const da = await row<{ id: string; kebele_id: string; woreda_id: string }>(
        `select d.id, d.kebele_id, d.woreda_id from da_profiles d join bot_users b on b.da_profile_id = d.id
         where b.telegram_id = $1`,
        [u.id],
      );
      // A group the DA created in their kebele, and two of its farmers.
      const group = await row<{ id: string; group_name: string }>(
        'select id, group_name from development_groups where created_by = $1 and kebele_id = $2 order by id limit 1',
        [da.id, da.kebele_id],
      );
      const members = await rows<{ id: string; name: string }>(
        `select id, concat_ws(' ', farmer_name, father_name, grand_father_name) as name from farmers
         where development_group_id = $1 order by id limit 2`,
        [group.id],
      );
      expect(members).toHaveLength(2);
      const path = await advisoryPath(da.kebele_id, lang, 'reachable');
      const farmerIds = members.map((m) => Number(m.id));
      const reached = () =>
        rows<{ farmer_id: string; advisory_id: string }>(
          `select farmer_id, advisory_id from reach_records
           where created_by = $1 and farmer_id = any($2) and advisory_id = any($3) order by farmer_id, advisory_id`,
          [da.id, farmerIds, path.advisoryIds],
        ).then((r) => r.map((x) => [Number(x.farmer_id), Number(x.advisory_id)]));
      // The demo's own meetings reached some of these pairs already (seed/demo/activity.ts).
      const already = await reached();

      // With signal: the farmer form from the reply keyboard, as an app of its own (its signed
      // link), and the reach form in the chat, both ready before the signal goes.
      const link = new URL((await openFromReply(chat, t('bot.menu.register_farmer'))).url());
      link.hash = '';
      await closeMiniApp(chat);
      const form = await openScreenPage(browser, link.href, t, 'input[name="farmer_name"]');
      const reach = await openRecordForm(chat, u, t, 'reach', [group.group_name]);
      await chooseRecords(reach, [{ name: group.group_name, farmers: members.map((m) => m.name) }], path);
      await reach.getByText(t('common.outbox.all_saved')).waitFor();

      const suffix = String(Date.now()).slice(-7);
      const farmer: NewFarmer = {
        names: lang === 'en' ? ['Selam', 'Getu', 'Ayana'] : ['ሰላም', 'ጌቱ', 'አያና'],
        phone: `093${suffix}`,
      };
      const farmerRows = () =>
        rows('select id from farmers where phone_number = $1', [farmer.phone.slice(1)]);
      const writes = watchWrites(browser.context, /\/(backend\/api\/|tg\/result)/);
      const before = mark(u);
      await cutSignal(browser.context);
      try {
        await pressMainButton(chat);
        await reach.getByText(t('common.outbox.kept_offline')).first().waitFor();
        await reach.getByText(t('common.outbox.waiting_one', { count: 1 })).waitFor();
        await registerFarmer(form.mainFrame(), farmer, group.id);
        await form.getByText(t('common.outbox.kept_offline')).first().waitFor();
        await form.getByText(t('common.outbox.waiting_other', { count: 2 })).waitFor();
        expect(await reached()).toEqual(already);
        expect(await farmerRows()).toEqual([]);

        // Meanwhile the DA is transferred to another kebele of their woreda (an operator's
        // change, with the service token): farmers of the old kebele are no longer theirs to
        // register; the groups they created there still are.
        const other = await row<{ id: string }>(
          'select id from kebeles where woreda_id = $1 and id <> $2 order by id limit 1',
          [da.woreda_id, da.kebele_id],
        );
        const profile = await row<Record<string, string>>(
          `select first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
                  region_id::int as region, zone_id::int as zone, woreda_id::int as woreda, role_id::int as role,
                  created_by::int as created_by
           from da_profiles where id = $1`,
          [da.id],
        );
        await product.backend('PUT', `/api/da-profiles/${da.id}/`, { ...profile, kebele: Number(other.id) });
        expect(await row('select kebele_id from da_profiles where id = $1', [da.id])).toEqual({
          kebele_id: other.id,
        });
      } finally {
        await restoreSignal(browser.context);
      }

      // Signal: both open apps sync by themselves. The reach records are saved; the farmer is
      // refused with the server's reason, shown on each screen beside "All saved".
      const pairs = [...farmerIds].sort((a, b) => a - b).flatMap((f) => path.advisoryIds.map((a) => [f, a]));
      await expect.poll(reached, { timeout: 30_000 }).toEqual(pairs);
      for (const screen of [form.mainFrame(), reach]) {
        await expect.poll(() => refusedReasons(screen), { timeout: 30_000 }).toEqual([outOfArea]);
        await screen.getByText(t('common.outbox.refused_one', { count: 1 })).waitFor();
        await screen.getByText(t('common.outbox.all_saved')).waitFor();
      }
      expect(await farmerRows()).toEqual([]);
      const farmerAnswers = () =>
        writes.sent.filter((w) => w.url.includes('/api/farmer-profiles/') && w.status).map((w) => w.status);
      await expect.poll(farmerAnswers, { timeout: 10_000 }).toContain(403);
      expect(farmerAnswers()).not.toContain(201);

      // The chat: one summary per save, the refusal with its reason in the DA's language.
      const saved = summaryText({ kind: 'records_synced', saved: 4, refused: 0, reasons: [] }, lang);
      const refused = summaryText(
        { kind: 'records_synced', saved: 0, refused: 1, reasons: [outOfArea] },
        lang,
      );
      await botSays(u, saved, 30_000, before);
      await botSays(u, refused, 30_000, before);
      await settled(form, writes.onTheWay);
      expect(countInChat(u, saved, before)).toBe(1);
      expect(countInChat(u, refused, before)).toBe(1);
      expect(englishAmong(chatSeen(u), lang)).toEqual([]);
      expect(await englishOnScreen(reach, chat, lang)).toEqual([]);
      expect(await englishOnScreen(form.mainFrame(), form, lang)).toEqual([]);
      journey.findings.push(...(await axeSerious(reach, `${lang} outbox refused (reach)`)));
      // Each screen as the DA reads it: the refusal in view, the "kept" toast gone by itself.
      for (const screen of [reach, form.mainFrame()]) {
        await expect.poll(() => screen.locator('.toast-success').count(), { timeout: 15_000 }).toBe(0);
        await screen.locator('.outbox-refused').scrollIntoViewIfNeeded();
      }
      await screenshot(chat, `${lang}-refused-on-sync-reach`);
      await screenshot(form, `${lang}-refused-on-sync-farmer-form`);

      // The DA removes it, through Telegram's confirmation: Cancel keeps it, Remove drops it.
      await removeRefused(chat, reach, t, false);
      expect(await refusedReasons(reach)).toEqual([outOfArea]);
      await removeRefused(chat, reach, t, true);
      await expect.poll(() => refusedReasons(reach)).toEqual([]);
      expect(await openRecords(reach)).toEqual([]);
      // Gone for good: the other app, reloaded, has nothing left to show or send.
      await form.reload();
      await form.getByText(t('common.outbox.all_saved')).waitFor();
      expect(await form.locator('.outbox-refused').count()).toBe(0);
      expect(await openRecords(form)).toEqual([]);
      await settled(form, writes.onTheWay);
      expect(countInChat(u, refused, before)).toBe(1);
      expect(await farmerRows()).toEqual([]);
      writes.stop();
      await form.close();
      await chat.close();
    }, 180_000);
  });
});
