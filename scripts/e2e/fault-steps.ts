// Steps of the fault journey (scripts/e2e/fault-journey.test.ts): submitting through faults and
// counting what reached the chat.

import { localName, type Named } from '@gebere/contract/rules';
import type { Language } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openFromBubble, sendDemoAdvisory } from './advisory-steps';
import { rows } from './journey';
import { categoryShown, choose, pickRadio, pressMainButton, tick } from './steps';
import type { Product } from './test-kit';

/** How many messages in the chat (from anyone: answerWebAppQuery posts "via bot") read exactly `text`. */
export const countInChat = (u: TestUser, text: string, since = 0) =>
  u
    .history()
    .slice(since)
    .filter((m) => m.text === text).length;

/** The error toasts the mini-app shows now. */
export const errorToasts = (app: Frame) => app.locator('.toast-error').allTextContents();

/**
 * Presses the main button until the mini-app closes. Each time a submit gives up, the screen must
 * say so with an error toast whose text is exactly one of `allowed`; the user reads it, lets it go
 * and presses again (as a DA does when the signal comes back). Returns the toasts seen.
 */
export async function submitUntilClosed(page: Page, app: Frame, allowed: string[], presses = 6) {
  const seen: string[] = [];
  for (let i = 0; i < presses; i++) {
    await pressMainButton(page);
    let outcome: 'closed' | 'toast' | undefined;
    await expect
      .poll(
        async () => {
          if (!(await page.locator('#app').isVisible())) outcome = 'closed';
          else if ((await errorToasts(app)).length) outcome = 'toast';
          return outcome;
        },
        // keyed retries back off for up to ~4 s, the reach engine for ~3 s per call
        { timeout: 60_000, interval: 100 },
      )
      .toBeDefined();
    if (outcome === 'closed') return seen;
    const shown = await errorToasts(app);
    seen.push(...shown);
    for (const text of shown) expect(allowed).toContain(text);
    // The toast closes by itself (3 s, 5 s on the farmer screen); the button is free again.
    await expect.poll(() => errorToasts(app), { timeout: 10_000 }).toEqual([]);
  }
  throw new Error(`the app did not close after ${presses} presses; toasts: ${seen.join(' | ')}`);
}

export interface AdvisoryPath {
  category: string;
  chain: string;
  practice: string;
  subs: string[];
  advisoryIds: number[];
}

/**
 * `count` sub-practices of one practice with an advisory reachable from `kebeleId` (its kebele,
 * woreda, zone or region): the hierarchy the reach/adoption form walks, in the user's language.
 * The practice has one advisory targeted at the kebele itself, or (`reachable`) at any of them.
 */
export async function advisoryPath(
  kebeleId: string | number,
  lang: Language,
  first: 'kebele' | 'reachable' = 'kebele',
  count = 2,
): Promise<AdvisoryPath> {
  const [area] = await rows<{ kebele: string; woreda: string; zone: string; region: string }>(
    `select k.id as kebele, k.woreda_id as woreda, w.zone_id as zone, z.region_id as region
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.id = $1`,
    [kebeleId],
  );
  if (!area) throw new Error(`no kebele ${kebeleId}`);
  const params = [area.kebele, area.woreda, area.zone, area.region];
  const reachable = (a: string) =>
    `(${a}.kebele_id = $1 or ${a}.woreda_id = $2 or ${a}.zone_id = $3 or ${a}.region_id = $4)`;
  const local = (n: Named) => localName(n, lang);
  const [path] = await rows<{ c: Named; v: Named; p: Named; practice_id: string }>(
    `select json_build_object('name', c.name, 'name_am', c.name_am, 'name_om', c.name_om) as c,
            json_build_object('name', vc.name, 'name_am', vc.name_am, 'name_om', vc.name_om) as v,
            json_build_object('name', p.name, 'name_am', p.name_am, 'name_om', p.name_om) as p, p.id as practice_id
     from advisories a join sub_practices sp on sp.id = a.sub_practice_id join practices p on p.id = sp.practice_id
     join value_chains vc on vc.id = p.value_chain_id join value_chain_categories c on c.id = vc.category_id
     where ${first === 'kebele' ? 'a.kebele_id = $1' : reachable('a')} and (
       select count(distinct sp2.id) from advisories a2 join sub_practices sp2 on sp2.id = a2.sub_practice_id
       where sp2.practice_id = p.id and ${reachable('a2')}) >= ${count}
     order by p.id limit 1`,
    params,
  );
  if (!path) throw new Error(`no practice with ${count} reachable sub-practices`);
  const subs = await rows<Named & { advisory: string }>(
    `select sp.name, sp.name_am, sp.name_om, (select a.id from advisories a where a.sub_practice_id = sp.id and ${reachable('a')}
       order by a.created_at desc, a.id desc limit 1) as advisory
     from sub_practices sp where sp.practice_id = $5 and exists (
       select 1 from advisories a where a.sub_practice_id = sp.id and ${reachable('a')})
     order by sp.id limit ${count}`,
    [...params, path.practice_id],
  );
  return {
    category: categoryShown(path.c, lang),
    chain: local(path.v),
    practice: local(path.p),
    subs: subs.map(local),
    advisoryIds: subs.map((s) => Number(s.advisory)).sort((a, b) => a - b),
  };
}

/** Ticks the farmers of each group and the whole advisory path on the reach/adoption form. */
export async function chooseRecords(
  app: Frame,
  groups: { name: string; farmers: string[] }[],
  path: AdvisoryPath,
) {
  for (const g of groups) {
    const head = app.locator('button.ra-group-head', { hasText: g.name });
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    for (const f of g.farmers) await tick(app, f);
  }
  await tick(app, path.category);
  await tick(app, path.chain);
  await tick(app, path.practice);
  for (const s of path.subs) await tick(app, s);
  // each sub-practice's single advisory is ticked by itself
  await expect
    .poll(() => app.locator('[data-level="advisory"] input[type="checkbox"]:checked').count())
    .toBe(path.subs.length);
}

/**
 * The bot sends the demo advisory with its feedback button; the user opens the feedback screen
 * from it (an inline-button launch: the result goes back through /tg/result) and answers the
 * single-choice and rating questions. Returns the advisory, the bot user and the answered ids.
 */
export async function openFeedback(
  product: Product,
  page: Page,
  u: TestUser,
  lang: Language,
  button: string,
) {
  const { advisory, title, botUserId } = await sendDemoAdvisory(product, u, lang);
  const app = await openFromBubble(page, title, button);
  const questions = await rows<{ id: string; type: string; choice: string | null }>(
    `select q.id, q.type, (select min(c.id) from feedback_choices c where c.question_id = q.id) as choice
     from feedback_questions q where q.advisory_id = $1 and q.type in ('SELECT_ONE', 'RATING') order by q.position, q.id`,
    [advisory.id],
  );
  for (const q of questions) await pickRadio(app, `q${q.id}`, q.type === 'RATING' ? '4' : String(q.choice));
  return {
    app,
    advisoryId: Number(advisory.id),
    botUserId,
    answered: questions.map((q) => q.id),
  };
}

/** The DA's reach or adoption rows as [farmer, advisory] pairs, in order. */
export const recordRows = async (table: 'reach_records' | 'adoption_records', daId: string) =>
  (
    await rows<{ farmer_id: string; advisory_id: string }>(
      `select farmer_id, advisory_id from ${table} where created_by = $1 order by farmer_id, advisory_id`,
      [daId],
    )
  ).map((r) => [Number(r.farmer_id), Number(r.advisory_id)]);

/** The demo kebele with advisories (bot/src/backend/seed/demo/places.ts). */
const DEMO_KEBELE = 'ET031702888001';

/** Fills the DA registration form: the three names, female, the demo kebele, the first role. */
export async function fillDaForm(app: Frame, names: [string, string, string]) {
  const [area] = await rows<{ region: string; zone: string; woreda: string; kebele: string }>(
    `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.code = $1`,
    [DEMO_KEBELE],
  );
  const [role] = await rows<{ id: string }>('select min(id) as id from da_roles');
  if (!area || !role) throw new Error('demo kebele or DA roles missing');
  for (const [i, field] of ['first_name', 'father_name', 'grand_father_name'].entries())
    await app.locator(`input[name="${field}"]`).fill(names[i] as string);
  await pickRadio(app, 'gender', 'female');
  for (const [name, id] of Object.entries(area)) await choose(app, name, id);
  await choose(app, 'role', role.id);
}

/** The question ids of a bot user's feedback rows, sorted (a duplicate would show twice). */
export const feedbackRows = async (botUserId: string) =>
  (
    await rows<{ question_id: string }>('select question_id from feedback where bot_user_id = $1', [
      botUserId,
    ])
  )
    .map((r) => Number(r.question_id))
    .sort((a, b) => a - b);
