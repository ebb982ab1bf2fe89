// Field mode, a long outage: a demo DA registers farmers with no signal under the two
// launches that matter, a reply-keyboard button (a signed link, 3 days) and the menu button
// (initData, 24 h), and the signal returns days later, when both proofs have lapsed. After 3
// days each farmer is saved once with the proof and the capture time it was kept with
// (docs/authorization.md "Late sync"); 11 days on they are past the grace and refused with the
// server's words, in the DA's language. The server's clock (this process) and the browser's
// move together. Chromium, the network cut by DevTools' offline emulation; en and am.

import { message } from '@gebere/bot/backend';
import type { Language } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { axeSerious } from './a11y';
import { daInChat } from './demo-das';
import { chatSeen, englishAmong, englishOnScreen } from './english-leaks';
import { countInChat } from './fault-steps';
import {
  closeMiniApp,
  type KeptRecord,
  type NewFarmer,
  openFromMenu,
  openRecords,
  openScreenPage,
  refusedReasons,
  registerFarmer,
  removeRefused,
  settled,
  watchWrites,
} from './field-mode-steps';
import { cutSignal, restoreSignal } from './field-steps';
import { expectCleanRun, type Journey, journeyFile, row, rows } from './journey';
import { mark, openFromReply, summaryText, type T, tr } from './steps';
import { chromiumSkipReason, journeyLanguage, screenshot } from './test-kit';

const DAY = 86_400_000;
// This process's real Date back only once the product has closed (after-hooks run in reverse):
// a deadline the server took from the moved clock would otherwise lie weeks ahead of it.
afterAll(() => {
  vi.useRealTimers();
});
const journey = journeyFile();
const clock = sharedClock(journey);

/**
 * One clock for the server and the browser, moved on together. The server runs in this process:
 * Vitest fakes its Date only (timers, PGlite's waits and the emulator's polls run as ever, and
 * its Date keeps advancing); every page and frame gets Playwright's clock, which keeps flowing
 * too, so each timer-based wait (sync backoff, toasts, polls) still fires. `moveOn` sets both to
 * the real time plus all moves so far, so the small drift between them never accumulates.
 * Playwright stamps each change of its clock with this process's Date.now(), and a page opened
 * later replays the stamps into its timer ticks: they must be real times, or every jump adds to
 * the ticks (at 28 days of them a reopened app's outbox never started: its idle callback did not
 * run). So this process's Date is real while Playwright's clock is set.
 */
function sharedClock(j: Journey) {
  const realNow = Date.now;
  let offset = 0;
  const fakeDate = () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(realNow() + offset);
  };
  beforeAll(async () => {
    await j.browser.context.clock.install({ time: realNow() });
    fakeDate();
  });
  return {
    /** Both clocks `ms` later than they were (0: only brought back together). */
    async moveOn(ms: number) {
      offset += ms;
      vi.useRealTimers();
      await j.browser.context.clock.setSystemTime(realNow() + offset);
      fakeDate();
    },
  };
}

describe.skipIf(chromiumSkipReason)('records kept through a long outage (needs Chromium)', () => {
  expectCleanRun(journey, 'long-outage-journey');

  describe.each(journeyLanguage('long-outage', ['en', 'am']))('in %s', (lang) => {
    const t = tr(lang);
    /** The DA and the group the first test used. */
    const field = {} as { u: TestUser; chat: Page; kebele: string; group: string };

    it('saves farmers kept under a link and initData once when the signal returns 3 days later', async () => {
      await clock.moveOn(0);
      const { u, page: chat } = await daInChat(journey, t, lang);
      const da = await row<{ kebele_id: string }>(
        'select d.kebele_id from da_profiles d join bot_users b on b.da_profile_id = d.id where b.telegram_id = $1',
        [u.id],
      );
      const group = await row<{ id: string }>(
        'select id from development_groups where kebele_id = $1 order by id limit 1',
        [da.kebele_id],
      );
      Object.assign(field, { u, chat, kebele: da.kebele_id, group: group.id });
      const { farmers, kept, hub } = await captureOffline(chat, t, lang, group.id, ['094', '095']);

      await clock.moveOn(3 * DAY);
      // Both proofs have lapsed: neither reads anything now.
      for (const k of kept) expect(await readsWith(k.authorization as string, da.kebele_id)).toBe(401);
      const writes = watchWrites(journey.browser.context, /\/(backend\/api\/farmer-profiles\/|tg\/result)/);
      const before = mark(u);
      await restoreSignal(journey.browser.context);

      // The app still open (its own initData lapsed too) sends both with the proofs they were
      // kept with, each saying when it was captured: each farmer is saved once.
      for (const f of farmers) await expect.poll(() => farmerCount(f), { timeout: 30_000 }).toBe(1);
      await hub.getByText(t('common.outbox.all_saved')).waitFor({ timeout: 30_000 });
      for (const k of kept) {
        // The browser reports an answer a little after the server wrote the row.
        await expect
          .poll(() => writes.sent.filter((w) => w.key === k.key && w.status === 201), { timeout: 10_000 })
          .toEqual([expect.objectContaining({ authorization: k.authorization, capturedAt: k.capturedAt })]);
        // Captured 3 days before it was saved (the phone's clock may run a little ahead).
        expect(Date.now() - Date.parse(k.capturedAt)).toBeGreaterThan(3 * DAY - 60_000);
      }

      // The chat hears of it once the DA opens the app again from the menu button (the summary
      // needs a live proof): one summary per save, each once.
      await closeMiniApp(chat);
      const again = await openFromMenu(chat);
      await again.getByText(t('common.outbox.all_saved')).waitFor();
      const summary = summaryText({ kind: 'records_synced', saved: 1, refused: 0, reasons: [] }, lang);
      await expect.poll(() => countInChat(u, summary, before), { timeout: 30_000 }).toBe(2);
      await settled(again, writes.onTheWay);
      expect(countInChat(u, summary, before)).toBe(2);
      for (const f of farmers) expect(await farmerCount(f)).toBe(1);
      expect(englishAmong(chatSeen(u), lang)).toEqual([]);
      expect(await englishOnScreen(again, chat, lang)).toEqual([]);
      writes.stop();
      await closeMiniApp(chat);
      await chat
        .locator('.row.in')
        .filter({ hasText: summary.split('\n')[0] as string })
        .last()
        .waitFor();
      await screenshot(chat, `${lang}-long-outage-3-days-saved`);
    }, 180_000);

    it('refuses farmers kept 11 days with the server’s late-sync words until the DA removes them', async () => {
      const { u, chat } = field;
      expect(u, 'the 3-day test ran first').toBeDefined();
      await clock.moveOn(0);
      const { farmers, kept, hub } = await captureOffline(chat, t, lang, field.group, ['096', '097']);

      await clock.moveOn(11 * DAY);
      const writes = watchWrites(journey.browser.context, /\/(backend\/api\/farmer-profiles\/|tg\/result)/);
      const before = mark(u);
      await restoreSignal(journey.browser.context);

      // Past the grace: refused with the server's own message, in the DA's language, and kept.
      const tooLate = message(lang, 'late_sync_expired', { days: journey.product.config.lateSync.days });
      await expect.poll(() => refusedReasons(hub), { timeout: 30_000 }).toEqual([tooLate, tooLate]);
      await hub.getByText(t('common.outbox.refused_other', { count: 2 })).waitFor();
      for (const k of kept)
        await expect
          .poll(() => writes.sent.filter((w) => w.key === k.key).map((w) => w.status), { timeout: 10_000 })
          .toContain(401);
      expect(writes.sent.filter((w) => w.url.includes('/farmer-profiles/') && w.status === 201)).toEqual([]);
      for (const f of farmers) expect(await farmerCount(f)).toBe(0);

      // Opened again from the menu button: the refusals are on the hub and told in the chat.
      await closeMiniApp(chat);
      const again = await openFromMenu(chat);
      await expect.poll(() => refusedReasons(again), { timeout: 30_000 }).toEqual([tooLate, tooLate]);
      const summary = summaryText({ kind: 'records_synced', saved: 0, refused: 1, reasons: [tooLate] }, lang);
      await expect.poll(() => countInChat(u, summary, before), { timeout: 30_000 }).toBe(2);
      await settled(again, writes.onTheWay);
      expect(countInChat(u, summary, before)).toBe(2);
      expect(englishAmong(chatSeen(u), lang)).toEqual([]);
      expect(await englishOnScreen(again, chat, lang)).toEqual([]);
      journey.findings.push(...(await axeSerious(again, `${lang} / (late records refused)`)));
      await again.locator('.outbox-refused').scrollIntoViewIfNeeded();
      await screenshot(chat, `${lang}-long-outage-11-days-refused`);

      // The DA removes both (Telegram's confirmation each time): nothing is left to send.
      for (const left of [1, 0]) {
        await removeRefused(chat, again, t, true);
        await expect.poll(() => refusedReasons(again)).toHaveLength(left);
      }
      expect(await openRecords(again)).toEqual([]);
      await closeMiniApp(chat);
      const after = await openFromMenu(chat);
      await after.getByText(t('common.outbox.all_saved')).waitFor();
      expect(await after.locator('.outbox-refused').count()).toBe(0);
      for (const f of farmers) expect(await farmerCount(f)).toBe(0);
      writes.stop();
      await chat.close();
    }, 180_000);
  });
});

/** How many farmers have this phone (as stored: without its leading 0). */
const farmerCount = async (f: NewFarmer) =>
  (await rows('select id from farmers where phone_number = $1', [f.phone.slice(1)])).length;

/** The status of a read of the kebele's groups with this proof, as the server answers it now. */
async function readsWith(authorization: string, kebele: string): Promise<number> {
  const res = await journey.product.server.app.inject({
    method: 'GET',
    url: `/backend/api/development-groups/?kebele=${kebele}`,
    headers: { authorization },
  });
  return res.statusCode;
}

/**
 * With signal, the farmer form opens from the reply keyboard (its signed link; here an app of its
 * own) and from the menu button's hub (initData, in the chat). The signal goes; one farmer is
 * registered in each, and the first app is closed. Returns them with the records the phone keeps
 * (one under each proof) and the hub's farmer form, still open, still without signal.
 */
async function captureOffline(chat: Page, t: T, lang: Language, groupId: string, prefixes: [string, string]) {
  const { browser } = journey;
  const link = new URL((await openFromReply(chat, t('bot.menu.register_farmer'))).url());
  link.hash = '';
  await closeMiniApp(chat);
  const form = await openScreenPage(browser, link.href, t, 'input[name="farmer_name"]');
  const hub = await openFromMenu(chat);
  await hub.getByRole('link', { name: t('home.menu.register_farmer') }).click();
  await hub
    .locator(`select[name="development_group"] option[value="${groupId}"]`)
    .waitFor({ state: 'attached' });
  await hub.getByText(t('common.outbox.all_saved')).waitFor();

  const suffix = String(Date.now()).slice(-7);
  const names: NewFarmer['names'][] =
    lang === 'am'
      ? [
          ['ፀሐይ', 'አለሙ', 'ወርቁ'],
          ['ሐና', 'ብርሃኑ', 'ተፈራ'],
          ['ሰላም', 'ገብሩ', 'ታደሰ'],
          ['መሰረት', 'ካሳ', 'በላይ'],
        ]
      : [
          ['Tsehay', 'Alemu', 'Worku'],
          ['Hana', 'Birhanu', 'Tefera'],
          ['Selam', 'Gebru', 'Tadesse'],
          ['Meseret', 'Kassa', 'Belay'],
        ];
  // Each test its own people: the farmer form asks before registering the same three names as
  // a farmer the phone keeps for the kebele (the first test's, once synced and read ahead).
  const first = prefixes[0] === '094' ? 0 : 2;
  const farmers = prefixes.map(
    (prefix, i) => ({ names: names[first + i], phone: `${prefix}${suffix}` }) as NewFarmer,
  );
  await cutSignal(browser.context);
  await registerFarmer(form.mainFrame(), farmers[0] as NewFarmer, groupId);
  await form.getByText(t('common.outbox.kept_offline')).first().waitFor();
  await form.getByText(t('common.outbox.waiting_one', { count: 1 })).waitFor();
  await registerFarmer(hub, farmers[1] as NewFarmer, groupId);
  await hub.getByText(t('common.outbox.kept_offline')).first().waitFor();
  await hub.getByText(t('common.outbox.waiting_other', { count: 2 })).waitFor();
  const kept: KeptRecord[] = await openRecords(form);
  expect(kept.map((k) => [k.route, k.state, k.authorization?.split(' ')[0]])).toEqual([
    ['createFarmer', 'pending', 'link'],
    ['createFarmer', 'pending', 'tma'],
  ]);
  await form.close();
  for (const f of farmers) expect(await farmerCount(f)).toBe(0);
  return { farmers, kept, hub };
}
