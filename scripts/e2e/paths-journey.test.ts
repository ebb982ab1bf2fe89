// Paths a DA takes that went wrong, walked in Chromium through the emulator at 360×640, each in
// one language (en, am, om in turn): the hub's feedback step, feedback without signal, dark
// toasts, the farmer form's reads from a signed link, "All saved" under the title, the group
// picker's two steps, and "Register another" then Done with a next farmer begun.

import { advisoryLabel } from '@gebere/contract/rules';
import type { Language } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openFromBubble, sendDemoAdvisory } from './advisory-steps';
import { daInChat } from './demo-das';
import { closeMiniApp, fillFarmer, openFromMenu, storedValues } from './field-mode-steps';
import { cutSignal, kebeleKept, restoreSignal, workerActive } from './field-steps';
import { closeChatPagesAfterEach, expectCleanRun, journeyFile, row, rows } from './journey';
import {
  botSays,
  botTexts,
  choose,
  mark,
  openFromReply,
  pressInline,
  pressMainButton,
  pressReply,
  summaryText,
  tr,
} from './steps';
import { appFrame, chromiumSkipReason, openChat } from './test-kit';

const journey = journeyFile();

/** The demo DA of each language, linked once; each test opens its own chat page. */
const linked: Partial<Record<Language, TestUser>> = {};
async function chat(lang: Language, theme: 'light' | 'dark' = 'light'): Promise<{ u: TestUser; page: Page }> {
  const known = linked[lang];
  if (known) return { u: known, page: await openChat(journey.browser, journey.product, known.id, theme) };
  const { u, page } = await daInChat(journey, tr(lang), lang);
  linked[lang] = u;
  if (theme === 'dark') await page.locator('#theme-toggle').click();
  return { u, page };
}

const kebeleOf = async (u: TestUser) =>
  Number(
    (
      await row<{ kebele_id: string }>(
        `select d.kebele_id from da_profiles d join bot_users b on b.da_profile_id = d.id
         where b.telegram_id = $1`,
        [u.id],
      )
    ).kebele_id,
  );

/** The advisories applicable to a kebele (it, or an area above it), newest first, as the hub lists them. */
const APPLICABLE = `from advisories a join kebeles k on k.id = $1 join woredas w on w.id = k.woreda_id
  join zones z on z.id = w.zone_id
  where (a.kebele_id = k.id or a.woreda_id = w.id or a.zone_id = z.id or a.region_id = z.region_id)`;

/** Opens a hub entry by its label. */
const openEntry = (app: Frame, label: string) => app.getByRole('link', { name: label }).click();

/** Where a line of text starts on screen (its first character's box, not its element's). */
const textLeft = (app: Frame, selector: string) =>
  app.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getClientRects()[0]?.left ?? Number.NaN;
  });

describe.skipIf(chromiumSkipReason)('the paths a DA takes (needs Chromium)', () => {
  expectCleanRun(journey, 'paths-journey');
  closeChatPagesAfterEach(journey);

  it('en: the hub offers feedback only on advisories with questions, each with its label', async () => {
    const t = tr('en');
    const { u, page } = await chat('en');
    const kebele = await kebeleOf(u);
    // The newest two for the kebele: one with a question but neither label nor text (spec §2:
    // then its sub-practice's name), one with no question (its feedback would lead nowhere).
    const [sub] = await rows<{ id: string; name: string }>(
      'select id, name from sub_practices order by id limit 1',
    );
    const [bare] = await rows<{ id: string }>(
      `insert into advisories (label, template_content, sub_practice_id, level, kebele_id)
       values (null, '[]', $1, 'kebele', $2) returning id`,
      [sub?.id, kebele],
    );
    await rows(
      `insert into feedback_questions (advisory_id, question, type) values ($1, 'Useful?', 'RATING')`,
      [bare?.id],
    );
    await rows(
      `insert into advisories (label, template_content, level, kebele_id) values ('No questions here', '[]', 'kebele', $1)`,
      [kebele],
    );
    type Listed = { id: string; label: string | null; template_content: string[]; sub: string | null };
    const expected = (
      await rows<Listed>(
        `select a.id, a.label, a.template_content,
           (select sp.name from sub_practices sp where sp.id = a.sub_practice_id) as sub ${APPLICABLE}
           and exists (select 1 from feedback_questions q where q.advisory_id = a.id)
         order by a.created_at desc, a.id desc limit 20`,
        [kebele],
      )
    ).map((a) => advisoryLabel({ ...a, label_am: null, template_content_am: null }, 'en', a.sub ?? ''));
    expect(expected[0]).toBe(sub?.name);

    const app = await openFromMenu(page);
    await openEntry(app, t('home.menu.feedback'));
    await app.getByText(t('home.advisories.title')).waitFor();
    const shown = await app.locator('a.menu-cell').allTextContents();
    expect(shown).toEqual(expected);
    expect(shown).not.toContain('No questions here');
    expect(shown.filter((label) => /^Advisory \d+$/.test(label))).toEqual([]);
    // The first leads to its questions, not to "Feedback question not found".
    await app.locator('a.menu-cell').first().click();
    await app.getByText('Useful?').waitFor();
    expect(await app.getByText(t('feedback.feedback_question_not_found')).count()).toBe(0);
    await closeMiniApp(page);
  });

  it('en: a ticked group and Continue open the reach form: two steps, no "Open form" between', async () => {
    const t = tr('en');
    const { u, page } = await chat('en');
    const kebele = await kebeleOf(u);
    const group = await row<{ group_name: string }>(
      `select g.group_name from development_groups g where g.kebele_id = $1
       and exists (select 1 from farmers f where f.development_group_id = g.id) order by g.group_name limit 1`,
      [kebele],
    );
    const before = mark(u);
    await pressReply(page, t('bot.menu.record_reach'));
    await botSays(u, t('bot.groups.select'), 20_000, before);
    await pressInline(page, t('bot.groups.select'), `▫️ ${group.group_name}`);
    await page
      .locator('.row.in')
      .filter({ hasText: t('bot.groups.select') })
      .last()
      .locator('button', { hasText: `✅ ${group.group_name}` })
      .waitFor();
    await pressInline(page, t('bot.groups.select'), t('bot.groups.continue'));
    await page.locator('#app').waitFor({ state: 'visible' });
    const app = await appFrame(page);
    // The form has what it needs to load the group (the proof of an inline launch).
    await app.locator('button.ra-group-head', { hasText: group.group_name }).waitFor();
    expect(botTexts(u).slice(-1)).toEqual([t('bot.groups.select')]);
    expect(
      u
        .history()
        .slice(before)
        .map((m) => m.text),
    ).not.toContain(t('bot.open_form'));
    await closeMiniApp(page);
  });

  it('am: feedback without signal on an advisory never opened before', async () => {
    const t = tr('am');
    const { u, page } = await chat('am');
    const kebele = await kebeleOf(u);
    const [advisory] = await rows<{ label: string; question: string }>(
      `select coalesce(a.label_am, a.label) as label,
         (select coalesce(q.question_am, q.question) from feedback_questions q where q.advisory_id = a.id
          order by q.position, q.id limit 1) as question
       ${APPLICABLE} and a.code = 'adv-teff-seed-rate-amhara-2025'`,
      [kebele],
    );
    if (!advisory) throw new Error('the demo advisory with questions is not for this kebele');
    // With signal, once: the hub keeps the kebele's data, its advisories' questions with it.
    const app = await openFromMenu(page);
    await app.getByRole('link', { name: t('home.menu.feedback') }).waitFor();
    await workerActive(app);
    await kebeleKept(app, kebele);
    const { context } = journey.browser;
    await cutSignal(context);
    try {
      await openEntry(app, t('home.menu.feedback'));
      await app.locator('a.menu-cell', { hasText: advisory.label }).first().click();
      await app.getByText(advisory.question).waitFor({ timeout: 30_000 });
      expect(await app.getByText(t('feedback.error_fetching_questions')).count()).toBe(0);
    } finally {
      await restoreSignal(context);
    }
    await closeMiniApp(page);
  });

  it('am: a toast on the feedback screen in the dark theme is opaque', async () => {
    const t = tr('am');
    const { u, page } = await chat('am', 'dark');
    await page.locator('body[data-theme="dark"]').waitFor();
    const { title } = await sendDemoAdvisory(journey.product, u, 'am');
    const app = await openFromBubble(page, title, t('bot.advisory.give_feedback'));
    await pressMainButton(page, t('feedback.submit'));
    const toast = app.locator('.toast', { hasText: t('validation.please_select_atleast_one_question') });
    await toast.waitFor();
    const [toastColour, screenColour] = await Promise.all([
      toast.evaluate((el) => getComputedStyle(el).backgroundColor),
      app.evaluate(
        () => getComputedStyle(document.querySelector('.gebere-root') ?? document.body).backgroundColor,
      ),
    ]);
    // rgb(r, g, b) or rgba(r, g, b, a), as the computed style gives it.
    const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const [r = 255, g = 255, b = 255] = channels(screenColour);
    expect(r + g + b).toBeLessThan(3 * 80); // the dark theme indeed
    expect(channels(toastColour)[3] ?? 1).toBe(1); // nothing of the screen shows through
    await closeMiniApp(page);
  });

  it('am: Register another, then Done with the next farmer begun, asks and saves nothing of it', async () => {
    const t = tr('am');
    const { u, page } = await chat('am');
    const app = await openFromReply(page, t('bot.menu.register_farmer'));
    const option = app.locator('select[name="development_group"] option').nth(1);
    await option.waitFor({ state: 'attached' });
    const groupId = (await option.getAttribute('value')) as string;
    const group = await row<{ group_name: string }>(
      'select group_name from development_groups where id = $1',
      [groupId],
    );
    // Spec §2: the literal nan is no part of a name, in the lists or in the chat.
    await fillFarmer(app, { names: ['Almaz', 'nan', 'Bekele'], phone: '0911000571' });
    await choose(app, 'development_group', groupId);
    await app.getByRole('button', { name: t('farmer.register_another') }).click();
    await app.getByText(t('farmer.next_in_group', { name: 'Almaz Bekele' })).waitFor({ timeout: 30_000 });
    // Half of the next farmer, then Done: Telegram asks first.
    await app.locator('input[name="farmer_name"]').fill('Half');
    await app.locator('input[name="phone_number"]').fill('0911000572');
    const before = mark(u);
    await app.getByRole('button', { name: t('farmer.done') }).click();
    const modal = page.locator('#modal');
    await modal.getByText(t('farmer.discard_unfinished')).waitFor();
    await modal.locator('#modal-buttons button', { hasText: t('farmer.discard') }).click();
    await page.locator('#app').waitFor({ state: 'hidden', timeout: 30_000 });
    const saved = await rows<{ id: string; phone_number: string }>(
      'select id, phone_number from farmers where phone_number = any($1)',
      [['911000571', '911000572']],
    );
    expect(saved.map((f) => f.phone_number)).toEqual(['911000571']);
    const summary = summaryText(
      {
        kind: 'farmer_registered',
        farmer_id: Number(saved[0]?.id),
        name: 'Almaz Bekele',
        group_name: group.group_name,
      },
      'am',
    );
    await botSays(u, summary, 20_000, before);
  });

  it('om: the farmer form from a signed link makes no request the server refuses', async () => {
    const t = tr('om');
    const { u, page } = await chat('om');
    const kebele = await kebeleOf(u);
    const da = await row<{ id: string }>('select da_profile_id as id from bot_users where telegram_id = $1', [
      u.id,
    ]);
    // A group with a farmer in the DA's kebele: the reads ahead would reach for its farmers.
    const [group] = await rows<{ id: string }>(
      `insert into development_groups (group_name, group_type, kebele_id, created_by)
       values ('Tokkummaa', 'mixed', $1, $2) returning id`,
      [kebele, da.id],
    );
    await rows(
      `insert into farmers (farmer_name, father_name, grand_father_name, phone_number, gender, kebele_id,
         development_group_id, created_by) values ('Lammii', 'Tolaa', 'Guddaa', '911000581', 'male', $1, $2, $3)`,
      [kebele, group?.id, da.id],
    );
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/backend/') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    const app = await openFromReply(page, t('bot.menu.register_farmer'));
    await app.locator('input[name="farmer_name"]').waitFor();
    // The reads it makes ahead for offline use, all of them answered, or one refused.
    const mark = JSON.stringify(['warmed', kebele]);
    await expect
      .poll(
        async () =>
          refused.length > 0 || (await storedValues(app, 'gebere-cache', 'reads', mark)).length === 1,
        // Seldom: the reads ahead wait for the page to be idle.
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    expect(refused).toEqual([]);
    await closeMiniApp(page);
  }, 90_000);

  it('om: "All saved" on the hub starts where the title starts', async () => {
    const t = tr('om');
    const { page } = await chat('om');
    const app = await openFromMenu(page);
    await app.getByText(t('common.outbox.all_saved')).waitFor();
    const [title, status] = await Promise.all([
      textLeft(app, 'h1.screen-title'),
      textLeft(app, '.outbox-status .outbox-saved'),
    ]);
    expect(Math.abs(title - status)).toBeLessThan(0.5);
    await closeMiniApp(page);
  });
});
