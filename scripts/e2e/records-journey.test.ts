// A DA's own records, walked in Chromium through the emulator at 360×640, in one language (the
// rotation, test-kit.ts JOURNEY_LANGUAGE: Amharic, whose DAs type names in Ethiopic): My
// farmers from the chat's menu, a farmer registered in Latin letters found by a part of their
// father's name typed in Ethiopic, their phone corrected and their group changed, a wrong reach taken back, a
// duplicate retired; the chat gets each summary, the audit trail holds each change, and the
// kebele's report counts follow.

import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { daInChat } from './demo-das';
import { closeMiniApp } from './field-mode-steps';
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
  const to = new Date().toISOString().slice(0, 10);
  const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
  const r = (await journey.product.backend(
    'GET',
    `/api/reports/?level=kebele&area=${kebele}&from=${from}&to=${to}`,
  )) as { totals: { farmers: number; reach: number } };
  return r.totals;
}

const open = async (app: Frame, name: string) => {
  await app.locator('a.mf-farmer', { hasText: name }).first().click();
};

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
      const [advisory] = await rows<{ id: string }>('select id from advisories order by id limit 1');
      const reach = (await journey.product.backend('POST', '/api/reach-farmers/', {
        advisory: Number(advisory?.id),
        farmer: Number(farmer.id),
        user: Number(da.id),
      })) as { id: number };
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
  });
});
