// "No English except the operator's data where it has none in the reader's language": finds our
// own English texts (shared/i18n's `en`, with any {{placeholder}} standing for any value) among
// what a person reading another language sees, in a screen or in the chat, and the operator's
// English where the data has a text of the person's language (contentInEnglish). Data without
// one (a DA's or farmer's name, a place named only in Latin) never matches.
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

/**
 * The lines among `texts` that are one of our English texts (with the key it came from), or
 * that show the operator's English where `content` (from {@link contentInEnglish}) says the
 * reader's language has its own.
 */
export function englishAmong(
  texts: readonly string[],
  lang: Language,
  content: readonly string[] = [],
): string[] {
  if (lang === 'en') return [];
  const patterns = englishPatterns(lang);
  return texts
    .flatMap((text) => text.split('\n'))
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((line) => {
      const hit = patterns.find((p) => p.pattern.test(line));
      if (hit) return [`${line} (${hit.key})`];
      const data = content.find((english) => shows(line, english));
      return data === undefined ? [] : [`${line} (content: ${data})`];
    });
}

/**
 * A line shows an English text when it is the text, or, for a text of two words or more, has it
 * whole; whatever the case (a heading's CSS may capitalise it).
 */
function shows(line: string, english: string): boolean {
  if (line.toLowerCase() === english.toLowerCase()) return true;
  if (!/\s/.test(english)) return false;
  return new RegExp(`(^|[^\\p{L}])${escapeRegExp(english)}($|[^\\p{L}])`, 'iu').test(line);
}

type Rows = (sql: string, params: unknown[]) => Promise<Array<{ english: string }>>;

/**
 * The operator's English that a `lang` reader must not see, from the product's database: each
 * name, title, paragraph, question and choice whose own text in `lang` is written and differs
 * (the screens and the bot show that one; the English only where none is written).
 */
export async function contentInEnglish(rows: Rows, lang: Exclude<Language, 'en'>): Promise<string[]> {
  const named = ['da_roles', 'value_chain_categories', 'value_chains', 'practices', 'sub_practices']
    .concat(['feedback_choices', 'regions', 'zones', 'woredas', 'kebeles'])
    .map((t) => `select name as english, name_${lang} as own from ${t}`);
  const found = await rows(
    `select distinct english from (
       ${named.join(' union all ')}
       union all select label, label_${lang} from advisories
       union all select question, question_${lang} from feedback_questions
       union all select trim(p), 'own' from advisories a, jsonb_array_elements_text(a.template_content) p
         where exists (select 1 from jsonb_array_elements_text(a.template_content_${lang}) o where trim(o) <> '')
     ) c where trim(coalesce(own, '')) <> '' and trim(english) <> '' and trim(own) <> trim(english)`,
    [],
  );
  return found.map((r) => r.english.trim());
}

/**
 * What a screen shows (its visible text, its fields' placeholders, and the main button's label)
 * of our English texts, and of the operator's English in `content`.
 */
export async function englishOnScreen(
  app: Frame,
  page: Page,
  lang: Language,
  content: readonly string[] = [],
): Promise<string[]> {
  const texts = [
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines, as the person reads them
    await app.locator('body').innerText(),
    ...(await app
      .locator('[placeholder]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('placeholder') ?? ''))),
  ];
  const main = page.locator('#main-button');
  if (await main.isVisible()) texts.push((await main.textContent()) ?? '');
  return englishAmong(texts, lang, content);
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
