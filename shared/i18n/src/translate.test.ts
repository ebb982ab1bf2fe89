import { afterEach, describe, expect, it } from 'vitest';
import { interpolate } from './interpolate';
import { am } from './resources';
import { createTranslator, isTranslationKey, lookup, type TranslationKey, translate } from './translate';

describe('interpolate', () => {
  it('fills {{vars}}, tolerates spaces, and keeps unknown placeholders visible', () => {
    expect(interpolate('Hi {{name}}, {{ n }} new', { name: 'Almaz', n: 3 })).toBe('Hi Almaz, 3 new');
    expect(interpolate('Hi {{name}}', {})).toBe('Hi {{name}}');
    expect(interpolate('Hi {{name}}')).toBe('Hi {{name}}');
    expect(interpolate('{{a}}{{a}}', { a: 'x', extra: 'y' })).toBe('xx');
  });

  it('does not read inherited properties', () => {
    expect(interpolate('{{toString}}', {})).toBe('{{toString}}');
  });
});

describe('translate', () => {
  it('translates and interpolates in both languages', () => {
    expect(translate('en', 'bot.welcome_back', { name: 'Abebe' })).toBe('Welcome back, Abebe!');
    expect(translate('am', 'bot.welcome_back', { name: 'Abebe' })).toBe('እንኳን በደህና ተመለሱ፣ Abebe!');
    expect(translate('en', 'errors.request_failed', { status: 502 })).toBe(
      'Request failed with status code 502',
    );
    expect(translate('en', 'validation.required')).toBe('Required');
    expect(translate('am', 'validation.required')).toBe('ያስፈልጋል');
    expect(translate('om', 'bot.welcome_back', { name: 'Caaltuu' })).toBe('Baga nagaan deebitan, Caaltuu!');
    expect(translate('om', 'validation.required')).toBe('Barbaachisaa dha');
  });

  it('picks i18next plural forms by CLDR rules', () => {
    expect(translate('en', 'bot.results.farmers', { count: 1 })).toBe('1 farmer');
    expect(translate('en', 'bot.results.farmers', { count: 5 })).toBe('5 farmers');
    expect(translate('en', 'common.outbox.waiting', { count: 0 })).toBe('0 records waiting for signal');
    // Amharic puts 0 and 1 in `one`.
    expect(translate('am', 'common.outbox.waiting', { count: 0 })).toBe('0 መዝገብ ግንኙነት እየጠበቀ ነው');
    expect(translate('am', 'bot.results.farmers', { count: 5 })).toBe('5 አርሶ አደሮች');
    expect(translate('am', 'server.parts.seconds', { count: 1 })).toBe('1 ሰከንድ');
    // Afaan Oromo: 1 is `one`, 0 and every other count `other`.
    expect(translate('om', 'bot.results.farmers', { count: 1 })).toBe('qonnaan bulaa 1');
    expect(translate('om', 'bot.results.farmers', { count: 0 })).toBe('qonnaan bultoota 0');
    expect(translate('om', 'common.outbox.waiting', { count: 5 })).toBe('Galmeewwan 5 qunnamtii eegaa jiru');
    expect(translate('en', 'bot.results.farmers_other', { count: 1 })).toBe('1 farmers');
  });

  describe('fallback', () => {
    const saved = am.common.loading;
    afterEach(() => {
      Reflect.set(am.common, 'loading', saved);
    });

    it('falls back to English when Amharic lacks a text at run time', () => {
      Reflect.deleteProperty(am.common, 'loading');
      expect(translate('am', 'common.loading')).toBe('Loading…');
    });

    it('falls back to English for an unknown language', () => {
      expect(translate('ti' as 'en', 'common.loading')).toBe('Loading…');
    });

    it('returns the key when no language has it', () => {
      expect(translate('am', 'nope.missing' as TranslationKey, {} as never)).toBe('nope.missing');
    });
  });

  it('binds a language with createTranslator', () => {
    const t = createTranslator('am');
    expect(t('bot.results.group_added', { name: 'ተስፋ' })).toBe('✅ የልማት ቡድን ተስፋ ተጨምሯል።');
    expect(t('common.cancel')).toBe('ሰርዝ');
  });

  it('checks keys and variables at compile time', () => {
    const checks = () => {
      // @ts-expect-error unknown key
      translate('en', 'bot.nope');
      // @ts-expect-error `name` is required
      translate('en', 'bot.welcome_back');
      // @ts-expect-error `name` is required
      translate('en', 'bot.welcome_back', { title: 'x' });
      // @ts-expect-error a plural base needs a numeric count
      translate('en', 'bot.results.farmers', { count: '3' });
      // @ts-expect-error namespaces are not texts
      translate('en', 'bot.menu');
    };
    expect(checks).toBeTypeOf('function');
  });
});

describe('lookup and isTranslationKey', () => {
  it('reads run-time keys without fallback', () => {
    expect(lookup('am', 'common.cancel')).toBe('ሰርዝ');
    expect(lookup('am', 'common')).toBeUndefined();
    expect(lookup('am', 'common.cancel.x')).toBeUndefined();
    expect(lookup('en', 'bot.results.advisories', 3)).toBe('{{count}} advisories');
    expect(lookup('en', 'bot.results.advisories')).toBeUndefined();
  });

  it('recognises texts and plural bases', () => {
    expect(isTranslationKey('bot.help')).toBe(true);
    expect(isTranslationKey('server.parts.seconds')).toBe(true);
    expect(isTranslationKey('bot')).toBe(false);
    expect(isTranslationKey('bot.constructor')).toBe(false);
  });
});
