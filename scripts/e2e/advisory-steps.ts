// The demo advisory with feedback questions, as the bot sends it, and opening its feedback screen
// from the chat: shared by the field, fault and notification journeys.

import { advisoryMessage, createLinkMaker } from '@gebere/bot/telegram';
import { type AdvisoryText, advisoryTitle } from '@gebere/contract/rules';
import type { Language } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import type { Page } from 'playwright-core';
import { rows } from './journey';
import { appFrame, type Product } from './test-kit';

/** The demo's Amhara advisory with feedback questions of all four types (seed/samples/feedback-questions.csv). */
export const ADVISORY_CODE = 'adv-teff-seed-rate-amhara-2025';

/**
 * The bot sends the demo advisory to `u` with its feedback button (bot/src/telegram/advisory's
 * own message, through the emulator's Bot API). Returns the advisory row, its title as shown
 * and `u`'s bot user id.
 */
export async function sendDemoAdvisory(product: Product, u: TestUser, lang: Language) {
  const [advisory] = await rows<AdvisoryText & { id: string }>(
    `select id, label, label_am, label_om, template_content, template_content_am, template_content_om
     from advisories where code = $1`,
    [ADVISORY_CODE],
  );
  if (!advisory) throw new Error(`demo advisory ${ADVISORY_CODE} missing`);
  const [botUser] = await rows<{ id: string }>('select id from bot_users where telegram_id = $1', [u.id]);
  const { config } = product;
  const message = advisoryMessage({
    advisory: { ...advisory, id: Number(advisory.id) },
    lang,
    chatId: u.id,
    botUserId: Number(botUser?.id),
    makeLink: createLinkMaker({
      publicUrl: config.publicUrl,
      linkSecret: config.links.secret,
      ttlSeconds: config.links.ttlSeconds,
    }),
  });
  await product.emulator.call('sendMessage', {
    chat_id: u.id,
    text: message.text,
    parse_mode: message.parse_mode,
    reply_markup: message.reply_markup,
  });
  // The heading's title, in the DA's language: what the chat shows the message by.
  return { advisory, title: advisoryTitle(advisory, lang), botUserId: String(botUser?.id) };
}

/** Presses `button` under the newest bubble that shows `label`; resolves when the screen is up. */
export async function openFromBubble(page: Page, label: string, button: string) {
  const bubble = page.locator('.row.in').filter({ hasText: label }).last();
  await bubble.locator('button', { hasText: button }).click();
  await page.locator('#app').waitFor({ state: 'visible' });
  const app = await appFrame(page);
  await app.locator('main.screen').waitFor();
  return app;
}
