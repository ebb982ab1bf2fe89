import { translate } from '@gebere/i18n';
import { describe, expect, it } from 'vitest';
import { englishAmong } from './english-leaks';

describe('englishAmong', () => {
  it('finds our English texts, placeholders filled, among another language’s lines', () => {
    const seen = [
      translate('am', 'common.register'),
      'Register',
      `Welcome back, Abebe!\n${translate('om', 'bot.verified')}`,
      'Abebe Bekele',
    ];
    expect(englishAmong(seen, 'am')).toEqual([
      'Register (common.register)',
      'Welcome back, Abebe! (bot.welcome_back)',
    ]);
    expect(englishAmong(seen, 'om')).toEqual([
      'Register (common.register)',
      'Welcome back, Abebe! (bot.welcome_back)',
    ]);
  });

  it('leaves data and the texts a language keeps as in English alone', () => {
    expect(englishAmong(['Tesfa women', 'Kebele 01', translate('am', 'bot.language.english')], 'am')).toEqual(
      [],
    );
    expect(englishAmong(['Register'], 'en')).toEqual([]);
  });
});
