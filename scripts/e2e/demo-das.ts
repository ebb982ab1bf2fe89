// The demo DAs of bot/src/backend/seed/demo/people.ts, one per language (all in Amhara, where the
// demo's teff advisory is, each in a kebele of their own), and linking one in the chat page as a DA does: /start, then their phone.

import type { Language } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import { expect } from 'vitest';
import type { Journey } from './journey';
import { botSays, menuLabels, replyLabels, sendText, shareContact, type T } from './steps';
import { openChat, type Product } from './test-kit';

export const DEMO_DA = {
  en: { first: 'Abebe', phone: '911234501' },
  am: { first: 'Meseret', phone: '935678906' },
  om: { first: 'Caaltuu', phone: '911234507' },
} as const;

/**
 * A demo DA opens the chat page (on `base`, another site than PUBLIC_URL if given) and links
 * their profile: /start, share the phone, the main menu shows.
 */
export async function daInChat(
  journey: Journey,
  t: T,
  lang: keyof typeof DEMO_DA,
  demo: { first: string; phone: string } = DEMO_DA[lang],
  base?: string,
) {
  const u = journey.product.emulator.createUser({
    first_name: demo.first,
    language_code: lang,
    phone_number: `+251${demo.phone}`,
  });
  const page = await openChat(journey.browser, journey.product, u.id, 'light', base);
  await sendText(page, '/start');
  await botSays(u, t('bot.ask_contact'));
  await shareContact(page, t('bot.share_contact_button'));
  // The demo DAs are the demo's notification managers.
  await expect.poll(() => replyLabels(u), { timeout: 20_000 }).toEqual(menuLabels(t, true));
  return { u, page };
}

/**
 * Lists a DA on the organisation's roster for a kebele (by code), as `gebere import roster` does:
 * registering there with that phone makes them VERIFIED at once (docs/authorization.md,
 * "Verification status"). Anyone else waits for a supervisor or an operator.
 */
export async function addToRoster(
  product: Product,
  who: { phone: string; first: string },
  kebele = 'ET031702888001',
): Promise<void> {
  const r = (await product.backend('POST', '/api/import/roster/', {
    first_row: 2,
    rows: [
      {
        phone_number: `0${who.phone}`,
        first_name: who.first,
        father_name: 'Bekele',
        grand_father_name: 'Desta',
        gender: 'female',
        kebele,
        role: 'Crop DA',
      },
    ],
  })) as { created: number; unchanged: number };
  expect(r.created + r.unchanged).toBe(1);
}

/**
 * /start and the user's own contact through the emulator's client API (no browser): the bot
 * links a known DA's phone, or offers registration. Resolves once the contact is sent.
 */
export async function startAndShareContact(
  product: Product,
  t: T,
  who: { first: string; phone: string; lang: Language },
): Promise<TestUser> {
  const u = product.emulator.createUser({
    first_name: who.first,
    language_code: who.lang,
    phone_number: `+251${who.phone}`,
  });
  await u.send('/start');
  await u.waitForMessage((m) => m.text === t('bot.ask_contact'));
  await u.shareContact();
  return u;
}
