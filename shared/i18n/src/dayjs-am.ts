/**
 * dayjs has no Amharic locale; this is one, as plain data in dayjs's locale shape, so the
 * webapp can `dayjs.locale(amDayjsLocale, undefined, true)` without this package depending on
 * dayjs. Names are CLDR's Amharic names of the *Gregorian* calendar (what dayjs computes);
 * the Ethiopian calendar and the Ethiopian clock are out of scope.
 */
export const amRelativeTime = {
  future: 'በ%s ውስጥ',
  past: 'ከ%s በፊት',
  s: 'ጥቂት ሰከንዶች',
  m: 'አንድ ደቂቃ',
  mm: '%d ደቂቃዎች',
  h: 'አንድ ሰዓት',
  hh: '%d ሰዓታት',
  d: 'አንድ ቀን',
  dd: '%d ቀናት',
  M: 'አንድ ወር',
  MM: '%d ወራት',
  y: 'አንድ ዓመት',
  yy: '%d ዓመታት',
} as const;

export const amDayjsLocale = {
  name: 'am',
  weekdays: ['እሑድ', 'ሰኞ', 'ማክሰኞ', 'ረቡዕ', 'ሐሙስ', 'ዓርብ', 'ቅዳሜ'],
  weekdaysShort: ['እሑድ', 'ሰኞ', 'ማክሰ', 'ረቡዕ', 'ሐሙስ', 'ዓርብ', 'ቅዳሜ'],
  weekdaysMin: ['እ', 'ሰ', 'ማ', 'ረ', 'ሐ', 'ዓ', 'ቅ'],
  months: ['ጃንዋሪ', 'ፌብሩዋሪ', 'ማርች', 'ኤፕሪል', 'ሜይ', 'ጁን', 'ጁላይ', 'ኦገስት', 'ሴፕቴምበር', 'ኦክቶበር', 'ኖቬምበር', 'ዲሴምበር'],
  monthsShort: ['ጃን', 'ፌብ', 'ማርች', 'ኤፕሪ', 'ሜይ', 'ጁን', 'ጁላይ', 'ኦገስ', 'ሴፕቴ', 'ኦክቶ', 'ኖቬም', 'ዲሴም'],
  // Ethiopia's week starts on Sunday (CLDR).
  weekStart: 0,
  formats: {
    LT: 'h:mm A',
    LTS: 'h:mm:ss A',
    L: 'DD/MM/YYYY',
    LL: 'MMMM D, YYYY',
    LLL: 'MMMM D, YYYY h:mm A',
    LLLL: 'dddd, MMMM D, YYYY h:mm A',
  },
  relativeTime: amRelativeTime,
  ordinal: (n: number) => `${n}ኛ`,
  // CLDR's Amharic day periods: ጥዋት (morning, AM) and ከሰዓት (afternoon, PM).
  meridiem: (hour: number) => (hour < 12 ? 'ጥዋት' : 'ከሰዓት'),
};
