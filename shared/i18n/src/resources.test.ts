import { describe, expect, it } from 'vitest';
import { placeholders } from './interpolate';
import { type Language, languages } from './languages';
import { textsByKey } from './lookup';
import { am, en, namespaces, om, type Resources, resources } from './resources';

const enLeaves = textsByKey(en);

/**
 * Each translation's rules. `same`: texts kept as in English, each for a reason (the test fails
 * if an entry stops being identical, so the lists cannot go stale). `script`: what every other
 * text must (Amharic: Ethiopic) or must not (Afaan Oromo, in Qubee: Ethiopic) contain.
 */
const TRANSLATIONS = {
  am: {
    tree: am,
    same: new Map([
      ['common.phone_placeholder', 'digits, not words'],
      ['calendar.short', 'a month and a day, in this order in both'],
    ]),
    // Texts of another script: digits, or only placeholders.
    otherScript: new Set(['common.phone_placeholder', 'calendar.short']),
    script: { pattern: /[\u1200-\u137F]/, present: true },
  },
  om: {
    tree: om,
    same: new Map([
      ['common.app_name', 'the product’s name, Latin script in both'],
      ['home.title', 'the product’s name, Latin script in both'],
      ['common.phone_placeholder', 'digits, not words'],
      ['calendar.short', 'a month and a day, in this order in both'],
    ]),
    otherScript: new Set<string>(),
    script: { pattern: /[\u1200-\u137F]/, present: false },
  },
} as const satisfies Record<Exclude<Language, 'en'>, unknown>;
const translated = Object.entries(TRANSLATIONS).map(([lang, rules]) => ({
  lang,
  ...rules,
  leaves: textsByKey(rules.tree),
}));

describe('resources', () => {
  it('bundles exactly the declared languages and namespaces', () => {
    expect(Object.keys(resources)).toEqual([...languages]);
    expect(Object.keys(TRANSLATIONS)).toEqual(languages.filter((l) => l !== 'en'));
    expect([...namespaces].sort()).toEqual(Object.keys(en).sort());
    for (const { tree } of translated) expect(Object.keys(tree).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(translated)('has the same keys in English and $lang', ({ leaves: texts }) => {
    expect([...texts.keys()].sort()).toEqual([...enLeaves.keys()].sort());
    expect(enLeaves.size).toBeGreaterThan(250);
  });

  it.each(translated)('uses the same {{variables}} in English and $lang', ({ leaves: texts }) => {
    for (const [key, text] of enLeaves) {
      expect({ key, vars: placeholders(texts.get(key) ?? '').sort() }).toEqual({
        key,
        vars: placeholders(text).sort(),
      });
    }
  });

  it('has no empty text', () => {
    for (const [key, text] of [...enLeaves, ...translated.flatMap((x) => [...x.leaves])])
      expect({ key, text: text.trim() }).not.toEqual({ key, text: '' });
  });

  it.each(translated)(
    'translates everything into $lang, in its script, except the listed exceptions',
    (x) => {
      for (const [key, text] of x.leaves) {
        const same = text === enLeaves.get(key);
        expect({ key, same }).toEqual({ key, same: x.same.has(key) });
        if (!x.otherScript.has(key))
          expect({ key, script: x.script.pattern.test(text) }).toEqual({ key, script: x.script.present });
      }
    },
  );

  // The hudhaa (') is written as the ASCII apostrophe throughout (README "Decisions"): a
  // U+2019 or U+02BC would make the same word two spellings for search and for translators.
  it('writes the Oromo hudhaa as the ASCII apostrophe only', () => {
    for (const [key, text] of textsByKey(om))
      expect({ key, text }).not.toEqual({ key, text: expect.stringMatching(/[\u2019\u02BC]/) });
    expect(om.common.loading).toContain("'");
  });

  // A key ending in _one/_other is an i18next plural form, so no other key may end that way.
  it('has both i18next plural forms wherever one exists', () => {
    for (const key of enLeaves.keys()) {
      const plural = /^(.*)_(one|other)$/.exec(key);
      if (!plural) continue;
      expect({ key, paired: enLeaves.has(`${plural[1]}_one`) && enLeaves.has(`${plural[1]}_other`) }).toEqual(
        {
          key,
          paired: true,
        },
      );
      expect(enLeaves.get(`${plural[1]}_other`)).toContain('{{count}}');
    }
  });

  it('keeps Telegram command descriptions within Bot API limits', () => {
    for (const lang of languages) {
      for (const [name, description] of Object.entries(resources[lang].bot.commands)) {
        expect(name).toMatch(/^[a-z0-9_]{1,32}$/);
        expect(description.length).toBeGreaterThanOrEqual(1);
        expect(description.length).toBeLessThanOrEqual(256);
      }
    }
  });

  it('fails the type check when a translation misses or adds a key', () => {
    const { loading: _dropped, ...missing } = om.common;
    // @ts-expect-error `loading` is missing
    const withMissing: Resources['common'] = missing;
    // @ts-expect-error `extra` is not an English key
    const withExtra: Resources['common'] = { ...om.common, extra: 'x' };
    expect([withMissing, withExtra]).toHaveLength(2);
  });
});
