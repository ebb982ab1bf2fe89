// "No English except the operator's data": finds our own English texts (shared/i18n's `en`, with
// any {{placeholder}} standing for any value) among what a person reading another language sees,
// in a screen or in the chat. Data (names the operator entered) never matches: only lines that
// are one of our English texts, where the person's language says something else, do.
import { type Language, resources, textsByKey } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import type { Frame, Page } from 'playwright-core';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{\{[^}]+\}\}/g;

const matchers = new Map<Language, { key: string; pattern: RegExp }[]>();

/** Our English texts that `lang` words differently, each as a whole-line pattern. */
function englishPatterns(lang: Language) {
  let list = matchers.get(lang);
  if (!list) {
    const own = textsByKey(resources[lang]);
    list = [...textsByKey(resources.en)]
      // a text of placeholders only, or with hardly a word of its own, says nothing English
      .filter(([key, text]) => own.get(key) !== text && /[A-Za-z]{3}/.test(text.replace(PLACEHOLDER, '')))
      .flatMap(([key, text]) =>
        text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => /[A-Za-z]{3}/.test(line.replace(PLACEHOLDER, '')))
          .map((line) => ({
            key,
            pattern: new RegExp(`^${line.split(PLACEHOLDER).map(escapeRegExp).join('.+?')}$`),
          })),
      );
    matchers.set(lang, list);
  }
  return list;
}

/** The lines among `texts` that are one of our English texts (with the key it came from). */
export function englishAmong(texts: readonly string[], lang: Language): string[] {
  if (lang === 'en') return [];
  const patterns = englishPatterns(lang);
  return texts
    .flatMap((text) => text.split('\n'))
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((line) => {
      const hit = patterns.find((p) => p.pattern.test(line));
      return hit ? [`${line} (${hit.key})`] : [];
    });
}

/** What a screen shows: its visible text, its fields' placeholders, and the main button's label. */
export async function englishOnScreen(app: Frame, page: Page, lang: Language): Promise<string[]> {
  const texts = [
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines, as the person reads them
    await app.locator('body').innerText(),
    ...(await app
      .locator('[placeholder]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('placeholder') ?? ''))),
  ];
  const main = page.locator('#main-button');
  if (await main.isVisible()) texts.push((await main.textContent()) ?? '');
  return englishAmong(texts, lang);
}

/**
 * What a person read in the chat: the bot's messages (and those sent through it, as a mini-app's
 * summary is), with every reply and inline button label under them.
 */
export function chatSeen(u: TestUser): string[] {
  return u.history().flatMap((m) => {
    if (m.from !== 'bot' && !m.raw.via_bot) return [];
    const markup = (m.reply_markup ?? {}) as {
      keyboard?: (string | { text: string })[][];
      inline_keyboard?: { text: string }[][];
    };
    const buttons = [...(markup.keyboard ?? []), ...(markup.inline_keyboard ?? [])]
      .flat()
      .map((b) => (typeof b === 'string' ? b : b.text));
    return [...(m.text ? [m.text] : []), ...buttons];
  });
}
