/**
 * Relative times for the notification list ("created 5 minutes ago"), dependency-free so the
 * bot can use them too. Plural keys follow i18next (`_one`/`_other`; Amharic's CLDR rules only
 * have those two categories, and put 0 and 1 in `one`). {@link formatRelativeTime} picks them.
 */
export const time = {
  seconds_ago: 'a few seconds ago',
  a_minute_ago: 'a minute ago',
  minutes_ago_one: '{{count}} minute ago',
  minutes_ago_other: '{{count}} minutes ago',
  an_hour_ago: 'an hour ago',
  hours_ago_one: '{{count}} hour ago',
  hours_ago_other: '{{count}} hours ago',
  a_day_ago: 'a day ago',
  days_ago_one: '{{count}} day ago',
  days_ago_other: '{{count}} days ago',
  a_month_ago: 'a month ago',
  months_ago_one: '{{count}} month ago',
  months_ago_other: '{{count}} months ago',
  a_year_ago: 'a year ago',
  years_ago_one: '{{count}} year ago',
  years_ago_other: '{{count}} years ago',
} as const;
