import { translate } from '@gebere/i18n';
import type { ChatMessage, TestUser } from '@gebere/telegram-emulator';
import { describe, expect, it } from 'vitest';
import { chatSeen, englishAmong } from './english-leaks';

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

  it('finds the operator’s English where the data has the reader’s own, a name alone or a text within a line', () => {
    const content = ['Teff', 'North Gondar', 'Did you plant teff in rows this season?'];
    const seen = [
      'Teff',
      'Xaafii',
      'Teffera Alemu',
      'Zone: North Gondar',
      'Did you plant teff in rows this season?',
      'NORTH GONDAR',
    ];
    expect(englishAmong(seen, 'om', content)).toEqual([
      'Teff (content: Teff)',
      'Zone: North Gondar (content: North Gondar)',
      'Did you plant teff in rows this season? (content: Did you plant teff in rows this season?)',
      'NORTH GONDAR (content: North Gondar)',
    ]);
    expect(englishAmong(['Gondar Kaabaa', 'North Gondarville'], 'om', content)).toEqual([]);
  });

  it('leaves data and the texts a language keeps as in English alone', () => {
    expect(englishAmong(['Tesfa women', 'Kebele 01', translate('om', 'home.title')], 'om')).toEqual([]);
    expect(englishAmong(['Register'], 'en')).toEqual([]);
  });
});

describe('chatSeen', () => {
  it('reads the bot’s messages, those sent through it, and every button label under them', () => {
    const message = (m: Partial<ChatMessage> & Pick<ChatMessage, 'from'>) =>
      ({ message_id: 1, date: 0, raw: {}, ...m }) as ChatMessage;
    const history = [
      message({ from: 'user', text: '/start' }),
      message({
        from: 'bot',
        text: 'Hi',
        reply_markup: { keyboard: [['Help', { text: 'Language' }]] },
      }),
      message({
        from: 'bot',
        text: 'Advisory',
        reply_markup: { inline_keyboard: [[{ text: 'Feedback', callback_data: 'f' }]] },
      }),
      message({ from: 'user', text: 'Summary', raw: { via_bot: { id: 1 } } as ChatMessage['raw'] }),
    ];
    const u = { history: () => history } as unknown as TestUser;
    expect(chatSeen(u)).toEqual(['Hi', 'Help', 'Language', 'Advisory', 'Feedback', 'Summary']);
  });
});
