// The accessibility sweep's people and moves: who opens which screen (a linked demo DA, a newcomer
// the bot does not know, a report user), the bot's signed links for them, and opening a screen from
// an inline web_app button in the emulator's chat page, as Telegram opens it, until its content
// (not a spinner) shows.

import { createLinkMaker, type ScreenLinks, screenLinks } from '@gebere/bot/telegram';
import type { Language } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADVISORY_CODE } from './advisory-steps';
import { DEMO_DA, startAndShareContact } from './demo-das';
import { advisoryPath } from './fault-steps';
import { type Journey, row, rows } from './journey';
import { menuLabels, replyLabels, tr } from './steps';
import { appFrame, type Product, screenshot } from './test-kit';

/** Another demo DA's phone: the DA update's error state (phone numbers are unique). */
export const TAKEN_PHONE = '0935678906';

export interface Person {
  user: TestUser;
  botUserId: number;
  /** The number the user shared with the bot. */
  phone: string;
}

export interface SweepPeople {
  /** The demo DA, linked by phone (VERIFIED) as /start and sharing the contact leave them. */
  da: Person & { daId: number; kebele: number; groups: { id: number; name: string; farmers: string[] }[] };
  /** Someone the bot does not know: offered DA and report-user registration. */
  newcomer: Person & { localPhone: string };
  /** A report user with a profile: offered the update. */
  reporter: Person & { name: string; woreda: string };
  advisoryId: number;
  /** The DA's active notifications, newest first, as the list shows them. */
  notifications: string[];
}

/** /start and the contact through the client API (no browser needed to become a known user). */
async function onboard(product: Product, first: string, phone: string): Promise<Person> {
  const user = await startAndShareContact(product, tr('en'), { first, phone, lang: 'en' });
  const botUser = await row<{ id: string }>('select id::text from bot_users where telegram_id = $1', [
    user.id,
  ]);
  return { user, botUserId: Number(botUser.id), phone: `+251${phone}` };
}

export async function sweepPeople(journey: Journey): Promise<SweepPeople> {
  const { product } = journey;
  const t = tr('en');
  const da = await onboard(product, DEMO_DA.en.first, DEMO_DA.en.phone);
  // (setup runs outside a test, where expect.poll is not allowed)
  const menu = menuLabels(t, true).join('|');
  await da.user.waitFor(() => replyLabels(da.user).join('|') === menu, {
    timeoutMs: 20_000,
    description: 'the DA menu',
  });
  const profile = await row<{ id: string; kebele: string; woreda: string }>(
    `select p.id::text, p.kebele_id::text as kebele, p.woreda_id::text as woreda
     from bot_users u join da_profiles p on p.id = u.da_profile_id where u.telegram_id = $1`,
    [da.user.id],
  );
  const groupRows = await rows<{ id: string; group_name: string; farmers: string[] }>(
    `select g.id::text, g.group_name, array_agg(f.farmer_name || ' ' || f.father_name || ' ' || f.grand_father_name
       order by f.id) as farmers
     from development_groups g join farmers f on f.development_group_id = g.id
     where g.kebele_id = $1 group by g.id order by g.id`,
    [profile.kebele],
  );
  const newcomerPhone = '911000733';
  const newcomer = await onboard(product, 'Selam', newcomerPhone);
  const reporter = await onboard(product, 'Hana', '911000744');
  for (const who of [newcomer, reporter])
    await who.user.waitForMessage((m) => Boolean(m.text?.startsWith(t('bot.not_registered'))));
  const reporterName = 'Hana Girma Tolosa';
  // as the backend stores it: the national number without the 0
  await rows(
    `insert into report_users (name, phone_no, gender, region_id, zone_id, woreda_id, created_by)
     select $1, '911000744', 'female', z.region_id, w.zone_id, w.id, $2
     from woredas w join zones z on z.id = w.zone_id where w.id = $3`,
    [reporterName, reporter.user.id, profile.woreda],
  );
  // Two active notifications of the DA (and no schedule, so the engine sends nothing): cards,
  // one name longer than the card's 20 characters (its first 20 wide ones), one in Ge'ez script.
  const notifications = ['Weekly teff row-planting reminder', 'የጤፍ ምክር ማስታወሻ'];
  for (const [i, name] of notifications.entries())
    await rows(
      `insert into location_notifications (name, message, content_type, location_type, location_id, kebele_id,
         created_by, created_at)
       values ($1, 'Please record this week''s reach.', 'reach', 'kebele', $2, $2, $3, now() - $4 * interval '1 hour')`,
      [name, profile.kebele, da.botUserId, i + 2],
    );
  // The adoption screen lists the farmers someone reached: every farmer of the DA's groups was
  // reached with the advisories the screen leads to (as the reach screen records them; the demo
  // data's own meetings may have reached some already: the key table's claim skips those).
  const path = await advisoryPath(profile.kebele, 'en');
  await rows(
    `insert into reach_records (farmer_id, advisory_id, created_by)
     select f.id, a, $2 from farmers f join development_groups g on g.id = f.development_group_id,
       unnest($3::bigint[]) as a
     where g.kebele_id = $1`,
    [profile.kebele, profile.id, path.advisoryIds],
  );
  const advisory = await row<{ id: string }>('select id::text from advisories where code = $1', [
    ADVISORY_CODE,
  ]);
  return {
    da: {
      ...da,
      daId: Number(profile.id),
      kebele: Number(profile.kebele),
      groups: groupRows.map((g) => ({ id: Number(g.id), name: g.group_name, farmers: g.farmers })),
    },
    newcomer: { ...newcomer, localPhone: `0${newcomerPhone}` },
    reporter: { ...reporter, name: reporterName, woreda: profile.woreda },
    advisoryId: Number(advisory.id),
    notifications,
  };
}

/** The screens' links as the bot signs them for `person`, in `lang`. */
export function linksFor(product: Product, person: Person, lang: Language): ScreenLinks {
  const { config } = product;
  const make = createLinkMaker({
    publicUrl: config.publicUrl,
    linkSecret: config.links.secret,
    ttlSeconds: config.links.ttlSeconds,
  });
  return screenLinks(make, { telegramUserId: person.user.id, chatId: person.user.id, lang });
}

/**
 * The bot sends `person` a message with one inline web_app button per screen (labelled with the
 * route); returns the message's text, to find its bubble in the chat page.
 */
export async function sendScreenButtons(
  product: Product,
  person: Person,
  lang: Language,
  buttons: { label: string; url: string }[],
): Promise<string> {
  const text = `Screens for ${person.user.info.first_name} (${lang})`;
  await product.emulator.call('sendMessage', {
    chat_id: person.user.id,
    text,
    reply_markup: { inline_keyboard: buttons.map((b) => [{ text: b.label, web_app: { url: b.url } }]) },
  });
  return text;
}

const BACKGROUND = { light: 'rgb(239, 239, 243)', dark: 'rgb(15, 15, 15)' } as const;

/**
 * Presses the button in the chat page and waits for the screen's content: its title, no loading
 * indicator, the launch's theme and the link's language applied, then `ready`.
 */
export async function openScreen(
  page: Page,
  bubbleText: string,
  label: string,
  expected: { lang: Language; theme: 'light' | 'dark' },
  ready: (app: Frame) => Promise<unknown>,
): Promise<Frame> {
  const bubble = page.locator('.row.in').filter({ hasText: bubbleText }).last();
  // the chat page marks a web_app button with ⧉ after its text
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*⧉$`);
  await bubble.locator('button').filter({ hasText: exact }).click();
  await page.locator('#app').waitFor({ state: 'visible' });
  const app = await appFrame(page);
  try {
    await app.locator('main.screen h1.screen-title').waitFor();
    await ready(app);
    await expectSettled(app, expected);
  } catch (error) {
    // what the screen showed instead, for the report
    await screenshot(page, `a11y-failed-${expected.lang}-${expected.theme}-${label.replace(/\W+/g, '-')}`);
    throw error;
  }
  return app;
}

/** Content, not a spinner: no loading status anywhere; the theme and language the launch gave. */
export async function expectSettled(app: Frame, expected: { lang: Language; theme: 'light' | 'dark' }) {
  const loading = tr(expected.lang)('common.loading');
  await expect
    .poll(() => app.locator(`[aria-label="${loading}"], [aria-busy="true"]`).count(), { timeout: 20_000 })
    .toBe(0);
  expect(await app.evaluate(() => document.documentElement.lang)).toBe(expected.lang);
  expect(await app.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    BACKGROUND[expected.theme],
  );
}

/** Waits until a select has its options from the server (more than the empty choice). */
export async function optionsLoaded(app: Frame, name: string) {
  await expect
    .poll(() => app.locator(`select[name="${name}"] option:not([value=""])`).count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
}

/** Waits until a field shows `value` (a prefilled form). */
export async function valueShown(app: Frame, selector: string, value: string) {
  await expect.poll(() => app.locator(selector).inputValue(), { timeout: 20_000 }).toBe(value);
}
