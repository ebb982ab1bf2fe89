// Steps a person takes in the chat page, and the exact bot messages to expect, rendered with the
// bot's own i18n and summaries.

import { renderSummary } from '@gebere/bot/telegram';
import type { HandBackResult } from '@gebere/contract';
import { LIMITS, type Named } from '@gebere/contract/rules';
import { type Language, type TextKey, translate } from '@gebere/i18n';
import type { ChatMessage, TestUser } from '@gebere/telegram-emulator';
import { parseHtml } from '@gebere/telegram-emulator';
import { categoryName } from '@gebere/webapp/reach-adoption/labels';
import type { Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { appFrame } from './test-kit';

export type T = (key: TextKey, vars?: Record<string, string | number>) => string;
export const tr =
  (lang: Language): T =>
  (key, vars) =>
    translate(lang, key as 'bot.welcome_new', vars as never);

/** A value-chain category as the reach/adoption form names it (the spec's three in every language). */
export const categoryShown = (c: Named, lang: Language) =>
  categoryName(c, lang, (key) => tr(lang)(key as TextKey));

/** The chat text of a bot summary, as Telegram shows it after parsing the HTML. */
export const summaryText = (result: HandBackResult, lang: Language) =>
  parseHtml(renderSummary(result, lang)).text;

/**
 * The bot's own message, or its answer to a mini-app opened from an inline button
 * (answerWebAppQuery: Telegram posts it in the user's name, "via" the bot).
 */
const fromBot = (m: ChatMessage) => m.from === 'bot' || m.raw.via_bot !== undefined;

/**
 * Waits for a bot message satisfying the predicate anywhere in the chat (or after the first
 * `since` messages: `mark(u)` before an action); returns its text.
 */
export async function botSays(
  u: TestUser,
  match: string | ((text: string) => boolean),
  timeoutMs = 20_000,
  since = 0,
) {
  const pred = typeof match === 'string' ? (t: string) => t === match : match;
  return u.waitFor(
    () =>
      u
        .history()
        .slice(since)
        .find((m) => fromBot(m) && m.text !== undefined && pred(m.text))?.text,
    {
      timeoutMs,
      description: typeof match === 'string' ? `bot says ${JSON.stringify(match)}` : 'bot message',
    },
  );
}

/** Where the chat stands now, for `botSays(…, since)`. */
export const mark = (u: TestUser) => u.history().length;

/** Bot messages after the n-th: for "the next summary" checks. */
export const botTexts = (u: TestUser) =>
  u.history().flatMap((m) => (m.from === 'bot' && m.text ? [m.text] : []));

export async function sendText(page: Page, text: string) {
  await page.locator('#text').fill(text);
  await page.locator('#text').press('Enter');
}

/** Presses a reply-keyboard button in the page; a web_app one opens the mini-app. */
export async function pressReply(page: Page, label: string) {
  const button = page.locator('#reply-keyboard button').filter({ hasText: label }).first();
  const toggle = page.locator('#keyboard-toggle');
  // The page may have collapsed the keyboard: open it (the toggle shows then).
  await expect
    .poll(
      async () => {
        if (await button.isVisible()) return true;
        if (await toggle.isVisible()) await toggle.click();
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await button.click();
}

export async function openFromReply(page: Page, label: string): Promise<Frame> {
  await pressReply(page, label);
  await page.locator('#app').waitFor({ state: 'visible' });
  const frame = await appFrame(page);
  await frame.locator('main.screen').waitFor();
  return frame;
}

export async function shareContact(page: Page, label: string) {
  await pressReply(page, label);
  await page.locator('#modal-buttons button', { hasText: 'OK' }).click();
}

/** /start, then the phone shared in the chat page, until the bot says who the user is (`then`). */
export async function startWithContact(page: Page, u: TestUser, t: T, then: (text: string) => boolean) {
  await sendText(page, '/start');
  await botSays(u, t('bot.ask_contact'));
  await shareContact(page, t('bot.share_contact_button'));
  await botSays(u, then);
}

/** The main button in the chat page, once the app shows it and it is active. */
export async function pressMainButton(page: Page, text?: string) {
  const button = page.locator('#main-button');
  await button.waitFor({ state: 'visible' });
  if (text) await expect.poll(() => button.textContent(), { timeout: 20_000 }).toBe(text);
  await expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true);
  await button.click();
}

/** Closes the mini-app as a person does: back to the first screen, then the close button. */
export async function closeApp(page: Page) {
  const app = page.locator('#app');
  for (let i = 0; i < 5 && (await app.isVisible()); i++) {
    if (await page.locator('#app-back').isVisible()) {
      await page.locator('#app-back').click();
      await page
        .locator('#app-close')
        .waitFor({ state: 'visible', timeout: 5_000 })
        .catch(() => undefined);
      continue;
    }
    await page.locator('#app-close').click();
    // A form with changes asks first (closing confirmation).
    const anyway = page.locator('#modal-buttons button', { hasText: 'Close anyway' });
    await Promise.race([app.waitFor({ state: 'hidden' }), anyway.waitFor({ state: 'visible' })]);
    if (await anyway.isVisible()) await anyway.click();
  }
  await app.waitFor({ state: 'hidden' });
}

export async function appClosed(page: Page) {
  await page.locator('#app').waitFor({ state: 'hidden', timeout: 30_000 });
}

/**
 * The app closes, but only after its success toast (`text`) was there to read: on screen for
 * most of LIMITS.successToastReadMs before the app went (measured from when the test saw it, so
 * a slow machine only lengthens it).
 */
export async function appClosedAfterToast(page: Page, app: Frame, text: string) {
  await app.locator('.toast-success', { hasText: text }).waitFor({ state: 'visible', timeout: 30_000 });
  const seen = Date.now();
  await appClosed(page);
  expect(Date.now() - seen).toBeGreaterThanOrEqual(LIMITS.successToastReadMs * 0.6);
}

/** Chooses an option of a native select once it is enabled and has it. */
export async function choose(frame: Frame, name: string, value: string | number) {
  const select = frame.locator(`select[name="${name}"]`);
  await select.locator(`option[value="${value}"]`).waitFor({ state: 'attached' });
  await expect.poll(() => select.isEnabled(), { timeout: 20_000 }).toBe(true);
  await select.selectOption(String(value));
}

export const replyLabels = (u: TestUser) =>
  (u.keyboard()?.markup.keyboard ?? []).flat().map((b) => (typeof b === 'string' ? b : b.text));

export const MENU_KEYS = [
  'register_farmer',
  'add_group',
  'record_reach',
  'record_adoption',
  'my_farmers',
  'notifications',
  'create_notification',
  'update_profile',
  'language',
  'help',
] as const;

/**
 * The labels of a DA's main menu: the notification entries only for a notification manager
 * (the home hub's rule, @gebere/contract/hub; the demo's Abebe and Meseret are managers).
 */
export const menuLabels = (t: T, manager: boolean) =>
  MENU_KEYS.filter((k) => manager || (k !== 'notifications' && k !== 'create_notification')).map((k) =>
    t(`bot.menu.${k}`),
  );

/** Picks a telegram-ui radio (its drawn circle covers the input): a tap on its cell, as a finger does. */
export async function pickRadio(frame: Frame, name: string, value: string) {
  const input = frame.locator(`input[type="radio"][name="${name}"][value="${value}"]`);
  await frame.locator('label', { has: input }).first().click();
  await expect.poll(() => input.isChecked(), { timeout: 10_000 }).toBe(true);
}

/** Ticks a telegram-ui checkbox by its accessible name (a tap on its cell), unless already ticked. */
export async function tick(scope: Frame | Locator, name: string) {
  const input = scope.getByRole('checkbox', { name, exact: true });
  await input.waitFor({ state: 'attached' });
  await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
  if (!(await input.isChecked())) await scope.locator('label', { has: input }).first().click();
  await expect.poll(() => input.isChecked(), { timeout: 10_000 }).toBe(true);
}

/**
 * Scrolls a chat bubble into view. The chat page redraws its whole message list on every chat
 * event, so a bubble can be replaced while Playwright waits for it to be stable, and
 * scrollIntoViewIfNeeded, unlike click, does not look again: finding and scrolling in one
 * evaluate leaves no such gap.
 */
export async function showBubble(bubble: Locator) {
  await bubble.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
}

/** Presses an inline button under the last bot message containing `text`. */
export async function pressInline(page: Page, text: string, button: string) {
  const message = page.locator('.row.in').filter({ hasText: text }).last();
  await message.locator('button', { hasText: button }).first().click();
}

/**
 * From the menu, as the DA does: Record reach / Record adoption, tick `groups` in the bot's
 * picker (each tick waits for its ✅), then Continue, which opens the form (an inline web_app
 * button: the form has Telegram's initData, and hands back through the companion server).
 */
export async function openRecordForm(
  page: Page,
  u: TestUser,
  t: T,
  kind: 'reach' | 'adoption',
  groups: string[],
): Promise<Frame> {
  const before = mark(u);
  await pressReply(page, t(kind === 'reach' ? 'bot.menu.record_reach' : 'bot.menu.record_adoption'));
  await botSays(u, t('bot.groups.select'), 20_000, before);
  for (const g of groups) {
    await pressInline(page, t('bot.groups.select'), `▫️ ${g}`);
    await page
      .locator('.row.in')
      .filter({ hasText: t('bot.groups.select') })
      .last()
      .locator('button', { hasText: `✅ ${g}` })
      .waitFor();
  }
  await pressInline(page, t('bot.groups.select'), t('bot.groups.continue'));
  await page.locator('#app').waitFor({ state: 'visible' });
  const frame = await appFrame(page);
  await frame.locator('main.screen').waitFor();
  return frame;
}
