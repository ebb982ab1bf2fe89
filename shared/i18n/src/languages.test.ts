import { describe, expect, it } from 'vitest';
import { isLanguage, languageNames, languages, resolveLanguage } from './languages';

describe('resolveLanguage', () => {
  it.each([
    ['am', 'am'],
    ['am-ET', 'am'],
    ['AM_et', 'am'],
    [' am ', 'am'],
    ['amh', 'am'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['om', 'om'],
    ['om-ET', 'om'],
    ['OM_et', 'om'],
    ['orm', 'om'],
    ['gaz', 'om'],
    ['omx', 'en'],
    ['ti-ET', 'en'],
    ['ame', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('%j → %s', (code, expected) => expect(resolveLanguage(code)).toBe(expected));
});

describe('languages', () => {
  it('lists en first (the default) and names each language in itself', () => {
    expect(languages).toEqual(['en', 'am', 'om']);
    expect(languageNames).toEqual({ en: 'English', am: 'አማርኛ', om: 'Afaan Oromoo' });
    expect(isLanguage('am')).toBe(true);
    expect(isLanguage('om')).toBe(true);
    expect(isLanguage('orm')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
