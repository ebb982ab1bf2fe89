import type { time as en } from '../en/time';
import type { Shape } from '../types';

// "ከ… በፊት" = "… ago". After a numeral the singular noun is natural (ከ5 ደቂቃ በፊት) but the
// plural is common too; the `_other` forms use the plural, as CLDR's Amharic does.
export const time: Shape<typeof en> = {
  seconds_ago: 'ከጥቂት ሰከንዶች በፊት',
  a_minute_ago: 'ከአንድ ደቂቃ በፊት',
  minutes_ago_one: 'ከ{{count}} ደቂቃ በፊት',
  minutes_ago_other: 'ከ{{count}} ደቂቃዎች በፊት',
  an_hour_ago: 'ከአንድ ሰዓት በፊት',
  hours_ago_one: 'ከ{{count}} ሰዓት በፊት',
  hours_ago_other: 'ከ{{count}} ሰዓታት በፊት',
  a_day_ago: 'ከአንድ ቀን በፊት',
  days_ago_one: 'ከ{{count}} ቀን በፊት',
  days_ago_other: 'ከ{{count}} ቀናት በፊት',
  a_month_ago: 'ከአንድ ወር በፊት',
  months_ago_one: 'ከ{{count}} ወር በፊት',
  months_ago_other: 'ከ{{count}} ወራት በፊት',
  a_year_ago: 'ከአንድ ዓመት በፊት',
  years_ago_one: 'ከ{{count}} ዓመት በፊት',
  years_ago_other: 'ከ{{count}} ዓመታት በፊት',
};
