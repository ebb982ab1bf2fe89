// Field mode, the whole visit without signal: a demo DA opens the app once with signal
// from the chat's menu, then with no signal creates a development group, registers five
// farmers in one batch (one into that new group), across an app reload and an app closed and
// opened again, and records reach and adoption for them. When the signal returns, exactly those
// rows exist once, and the chat has one summary per batch. Chromium, the network cut by
// DevTools' offline emulation; en and am.

import type { HandBackResult } from '@gebere/contract';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { daInChat } from './demo-das';
import { advisoryPath } from './fault-steps';
import { fillFarmer, type NewFarmer, openFromMenu } from './field-mode-steps';
import {
  closeAndReopen,
  cutSignal,
  firstPassDone,
  kebeleKept,
  lastLaunch,
  reloadApp,
  restoreSignal,
  workerActive,
} from './field-steps';
import { expectCleanRun, journeyFile, row, rows } from './journey';
import { choose, mark, pickRadio, pressMainButton, summaryText, type T, tick, tr } from './steps';
import { chromiumSkipReason, journeyLanguage } from './test-kit';

const journey = journeyFile();

type Farmer = NewFarmer;
const fullName = (f: Farmer) => f.names.join(' ');

/** Opens a hub entry (a link of the hub's menu) in the app. */
async function openEntry(app: Frame, label: string): Promise<void> {
  await app.getByRole('link', { name: label }).click();
}

/** Back to the hub's menu with Telegram's back button (the record screens: through the picker). */
async function backToHub(page: Page, app: Frame, t: T): Promise<void> {
  const menu = app.getByRole('link', { name: t('home.menu.register_farmer') });
  await expect
    .poll(
      async () => {
        if (await menu.isVisible()) return true;
        const back = page.locator('#app-back');
        if (await back.isVisible()) await back.click();
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** "Register another" with no signal: kept (on the batch's list), and the next farmer starts blank. */
async function registerAnother(app: Frame, t: T, f: Farmer): Promise<void> {
  await fillFarmer(app, f);
  await app.getByRole('button', { name: t('farmer.register_another') }).click();
  await app.getByText(fullName(f), { exact: true }).waitFor({ timeout: 30_000 });
  await expect.poll(() => app.locator('input[name="farmer_name"]').inputValue()).toBe('');
}

/** The farmers of the batch so far are on the "Registered now" list. */
async function listed(app: Frame, batch: Farmer[]): Promise<void> {
  for (const f of batch) await app.getByText(fullName(f), { exact: true }).waitFor();
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(chromiumSkipReason)('a visit without signal (needs Chromium)', () => {
  expectCleanRun(journey, 'field-mode-journey');

  it.each(journeyLanguage('field-mode', ['en', 'am']))(
    'in %s: a group, five farmers in one batch, reach and adoption, each saved once',
    async (lang) => {
      const t = tr(lang);
      const { context } = journey.browser;
      const waiting = t('common.outbox.waiting_mark');
      const { u, page } = await daInChat(journey, t, lang);
      const da = await row<{ id: string; kebele_id: string }>(
        `select d.id, d.kebele_id from da_profiles d join bot_users b on b.da_profile_id = d.id
         where b.telegram_id = $1`,
        [u.id],
      );
      const kebele = Number(da.kebele_id);
      const existing = await row<{ id: string; group_name: string }>(
        'select id, group_name from development_groups where kebele_id = $1 order by id limit 1',
        [kebele],
      );
      const path = await advisoryPath(kebele, lang, 'reachable', 1);

      // With signal, once: the hub from the chat's menu keeps the app and the kebele's lists.
      let app = await openFromMenu(page);
      await app.getByRole('link', { name: t('home.menu.register_farmer') }).waitFor();
      await workerActive(app);
      await kebeleKept(app, kebele);
      await app.getByText(t('common.outbox.all_saved')).waitFor();
      const hub = await lastLaunch(page);

      const suffix = String(Date.now()).slice(-6);
      const groupName = `Lemlem ${lang} ${suffix}`;
      const farmers: Farmer[] = ['Almaz', 'Chaltu', 'Hirut', 'Meseret', 'Tigist'].map((first, i) => ({
        names: [`${first}${suffix}`, 'Kebede', 'Tessema'],
        phone: `09${i + 1}${suffix}${lang === 'en' ? 1 : 2}`,
      }));
      const before = mark(u);

      await cutSignal(context);
      try {
        // A development group, created without signal.
        await openEntry(app, t('home.menu.add_development_group'));
        await app.locator('input[name="group_name"]').fill(groupName);
        await pickRadio(app, 'group_type', 'mixed');
        await pressMainButton(page);
        await app.getByText(t('common.outbox.kept_offline')).first().waitFor({ timeout: 30_000 });
        await backToHub(page, app, t);

        // Five farmers, one batch: the first into the group kept offline, the rest into the
        // kebele's own group; a reload and a closed-and-reopened app in between.
        await openEntry(app, t('home.menu.register_farmer'));
        const select = app.locator('select[name="development_group"]');
        await select
          .locator('option', { hasText: `${groupName} (${waiting})` })
          .waitFor({ state: 'attached' });
        await select.selectOption({ label: `${groupName} (${waiting})` });
        await registerAnother(app, t, farmers[0] as Farmer);
        await choose(app, 'development_group', Number(existing.id));
        await registerAnother(app, t, farmers[1] as Farmer);

        app = await reloadApp(page);
        await app.locator('input[name="farmer_name"]').waitFor();
        await listed(app, farmers.slice(0, 2));
        await choose(app, 'development_group', Number(existing.id));
        await registerAnother(app, t, farmers[2] as Farmer);

        // Closed mid-batch (from the hub: the emulator's ✕ shows where no back button does).
        await backToHub(page, app, t);
        app = await closeAndReopen(page, hub);
        await openEntry(app, t('home.menu.register_farmer'));
        await app.locator('input[name="farmer_name"]').waitFor();
        await listed(app, farmers.slice(0, 3));
        await choose(app, 'development_group', Number(existing.id));
        await registerAnother(app, t, farmers[3] as Farmer);
        await choose(app, 'development_group', Number(existing.id));
        await fillFarmer(app, farmers[4] as Farmer);
        await pressMainButton(page, t('common.register'));
        await expect
          .poll(() => app.locator('input[name="farmer_name"]').isDisabled(), { timeout: 30_000 })
          .toBe(true);
        expect(
          await rows('select id from farmers where phone_number = any($1)', [
            farmers.map((f) => f.phone.slice(1)),
          ]),
        ).toEqual([]);
        await backToHub(page, app, t);

        // Reach, then adoption, for the five: the group kept offline and the kebele's group.
        for (const kind of ['reach', 'adoption'] as const) {
          await openEntry(app, t(kind === 'reach' ? 'home.menu.record_reach' : 'home.menu.record_adoption'));
          await tick(app, `${groupName} (${waiting})`);
          await tick(app, existing.group_name);
          await pressMainButton(page, t('home.groups.continue'));
          for (const name of [groupName, existing.group_name])
            await app.getByRole('button', { name: new RegExp(`^${literally(name)}`) }).click();
          for (const f of farmers) await tick(app, `${fullName(f)} (${waiting})`);
          for (const name of [path.category, path.chain, path.practice, ...path.subs]) await tick(app, name);
          await expect
            .poll(() => app.locator('[data-level="advisory"] input[type="checkbox"]:checked').count(), {
              timeout: 20_000,
            })
            .toBe(1);
          await pressMainButton(page, t('common.submit'));
          await app.getByText(t('common.outbox.kept_offline')).first().waitFor({ timeout: 30_000 });
          await backToHub(page, app, t);
        }
        // The group, the five farmers, and one reach and one adoption record for each of them.
        await app.getByText(t('common.outbox.waiting_other', { count: 1 + 5 + 5 + 5 })).waitFor();
      } finally {
        await restoreSignal(context);
      }

      // The signal is back: the app (open on the hub) sends everything by itself.
      await app.getByText(t('common.outbox.all_saved')).waitFor({ timeout: 90_000 });
      const check = async () => {
        const groups = await rows<{ id: string }>('select id from development_groups where group_name = $1', [
          groupName,
        ]);
        expect(groups).toHaveLength(1);
        const saved = await rows<{ id: string; phone_number: string; development_group_id: string }>(
          'select id, phone_number, development_group_id from farmers where phone_number = any($1) order by phone_number',
          [farmers.map((f) => f.phone.slice(1))],
        );
        expect(saved.map((f) => f.phone_number)).toEqual(farmers.map((f) => f.phone.slice(1)).sort());
        const into = new Map(saved.map((f) => [f.phone_number, f.development_group_id]));
        expect(into.get(farmers[0]?.phone.slice(1) ?? '')).toBe(groups[0]?.id);
        for (const f of farmers.slice(1)) expect(into.get(f.phone.slice(1))).toBe(existing.id);
        for (const table of ['reach_records', 'adoption_records'])
          expect(
            await rows(`select farmer_id from ${table} where farmer_id = any($1)`, [saved.map((f) => f.id)]),
            table,
          ).toHaveLength(5);
      };
      await check();
      // One summary per batch: the group; the five farmers (Register another); reach; adoption.
      // Each from the bot itself: never the menu launch's answer, which shows in the DA's name.
      const synced = (saved: number): HandBackResult => ({
        kind: 'records_synced',
        saved,
        refused: 0,
        reasons: [],
      });
      const summaries = () =>
        u
          .history()
          .slice(before)
          .map((m) => m.text);
      const expected = [summaryText(synced(1), lang), ...Array(3).fill(summaryText(synced(5), lang))];
      await expect.poll(summaries, { timeout: 30_000 }).toHaveLength(4);
      expect([...summaries()].sort()).toEqual([...expected].sort());
      expect(
        u
          .history()
          .slice(before)
          .map((m) => [m.from, m.raw.via_bot?.username]),
      ).toEqual(Array(4).fill(['bot', undefined]));

      // A later open sends and tells nothing twice.
      app = await reloadApp(page);
      await app.getByText(t('common.outbox.all_saved')).waitFor();
      await firstPassDone(app);
      expect(summaries()).toHaveLength(4);
      await check();
      await page.close();
    },
    300_000,
  );
});
