import type { Language } from '@gebere/i18n';
import { DEMO_DAS } from './people';
import { PLACES as P } from './places';
import type { DemoReportUser } from './types';

/**
 * Telegram ids of the demo's people. Telegram's user ids are below 10¹⁰ today (52 bits at most,
 * by its documentation); these are far above, so with a real bot and DEMO_DATA on no real
 * account is one of them, and the emulator's own users (from 5,100,000,001) never collide.
 */
const DEMO_TELEGRAM_ID = 1_000_000_000_000;
export const DEMO_REPORTER_TELEGRAM_ID = DEMO_TELEGRAM_ID + 1;

/** A report user of the woreda with two demo kebeles (Danamariyam has the most activity). */
export const DEMO_REPORT_USERS: DemoReportUser[] = [
  {
    ref: 'ru-hana',
    name: 'Hana Girma Tesfaye',
    phone_no: '0911234520',
    gender: 'female',
    woreda: P.bahirDarZuria.woreda,
    telegram_id: DEMO_REPORTER_TELEGRAM_ID,
  },
];

/** A person the local Telegram offers on its chat page (the emulator's `users` option). */
export interface DemoChatUser {
  id: number;
  first_name: string;
  last_name: string;
  language_code: Language;
  /** As Telegram has it (+251…): a DA shares it with the bot to sign in. */
  phone_number: string;
  /** Who they are in the demo, beside their name in the page's user picker (English, like the page). */
  note: string;
}

/** A DA in the chat page: their Telegram account's name, and the phone the bot knows them by. */
const da = (
  ref: string,
  id: number,
  language_code: Language,
  [first_name, last_name]: [string, string],
  kebele: string,
): DemoChatUser => {
  const d = DEMO_DAS.find((x) => x.ref === ref);
  if (!d) throw new Error(`demo chat user: no DA ${ref}`);
  return {
    id,
    first_name,
    last_name,
    language_code,
    phone_number: `+251${(d.telegram_phone_number ?? d.phone_number).slice(1)}`,
    note: `DA of ${kebele} kebele: /start, then share the phone`,
  };
};

/**
 * The people `npm start` puts in the local Telegram when it runs with the demo data, so a first
 * run can try each role without knowing a demo phone number: the report user first (the chat
 * page opens on them; the menu button shows their woreda's reports at once), then a DA in each
 * language.
 */
export const DEMO_CHAT_USERS: DemoChatUser[] = [
  {
    id: DEMO_REPORTER_TELEGRAM_ID,
    first_name: 'Hana',
    last_name: 'Girma',
    language_code: 'en',
    phone_number: '+251911234520',
    note: 'report user of Bahirdar Zuriya woreda: open the menu button',
  },
  da('da-abebe', DEMO_TELEGRAM_ID + 2, 'en', ['Abebe', 'Kebede'], 'Danamariyam'),
  da('da-meseret', DEMO_TELEGRAM_ID + 3, 'am', ['Meseret', 'Ayele'], 'Adis Amba'),
  da('da-chaltu', DEMO_TELEGRAM_ID + 4, 'om', ['Caaltuu', 'Gammachuu'], 'Yegodi'),
];
