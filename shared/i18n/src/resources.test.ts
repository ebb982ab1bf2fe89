import { describe, expect, it } from 'vitest';
import { placeholders } from './interpolate';
import { languages } from './languages';
import { am, en, namespaces, type Resources, resources } from './resources';

/** Every text of a resource tree by dotted path. */
function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const enLeaves = leaves(en);
const amLeaves = leaves(am);

// Texts Amharic keeps as in English, each for a reason. The test below also fails if an entry
// stops being identical, so this list cannot go stale.
const SAME_IN_BOTH = new Map([
  ['common.phone_placeholder', 'digits, not words'],
  ['bot.language.english', 'each language is named in itself'],
  ['bot.language.amharic', 'each language is named in itself'],
]);
const NO_ETHIOPIC = new Set(['common.phone_placeholder', 'bot.language.english']);

describe('resources', () => {
  it('bundles exactly the declared languages and namespaces', () => {
    expect(Object.keys(resources)).toEqual([...languages]);
    expect([...namespaces].sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(am).sort()).toEqual(Object.keys(en).sort());
  });

  it('has the same keys in English and Amharic', () => {
    expect([...amLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
    expect(enLeaves.size).toBeGreaterThan(250);
  });

  it('uses the same {{variables}} in both languages', () => {
    for (const [key, text] of enLeaves) {
      expect({ key, vars: placeholders(amLeaves.get(key) ?? '').sort() }).toEqual({
        key,
        vars: placeholders(text).sort(),
      });
    }
  });

  it('has no empty text', () => {
    for (const [key, text] of [...enLeaves, ...amLeaves])
      expect({ key, text: text.trim() }).not.toEqual({ key, text: '' });
  });

  it('translates everything into Ethiopic script, except the listed exceptions', () => {
    for (const [key, text] of amLeaves) {
      const same = text === enLeaves.get(key);
      expect({ key, same }).toEqual({ key, same: SAME_IN_BOTH.has(key) });
      if (!NO_ETHIOPIC.has(key))
        expect({ key, text }).toEqual({ key, text: expect.stringMatching(/[\u1200-\u137F]/) });
    }
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

  it('fails the type check when Amharic misses or adds a key', () => {
    const { loading: _dropped, ...missing } = am.common;
    // @ts-expect-error `loading` is missing
    const withMissing: Resources['common'] = missing;
    // @ts-expect-error `extra` is not an English key
    const withExtra: Resources['common'] = { ...am.common, extra: 'x' };
    expect([withMissing, withExtra]).toHaveLength(2);
  });
});
