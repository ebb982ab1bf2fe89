import { describe, expect, it } from 'vitest';
import { type MessageKey, type MessageVars, message } from './messages';

// Each count with its noun in the count's singular or plural form (Intl.PluralRules).
const COUNTED: [Parameters<typeof message>[0], MessageKey, MessageVars, string][] = [
  ['en', 'rate_limited', { seconds: 1 }, 'Too many changes in a short time. Try again in 1 second.'],
  ['en', 'rate_limited', { seconds: 30 }, 'Too many changes in a short time. Try again in 30 seconds.'],
  ['en', 'unavailable', { seconds: 1 }, 'The service is briefly unavailable. Try again in 1 second.'],
  ['am', 'unavailable', { seconds: 5 }, 'አገልግሎቱ ለአጭር ጊዜ አይገኝም። ከ5 ሰከንድ በኋላ እንደገና ይሞክሩ።'],
  ['en', 'max_length', { characters: 1 }, 'Ensure this field has no more than 1 character.'],
  ['en', 'max_length', { characters: 100 }, 'Ensure this field has no more than 100 characters.'],
  ['en', 'min_length', { characters: 2 }, 'Ensure this field has at least 2 characters.'],
  ['en', 'list_max', { elements: 1 }, 'Ensure this field has no more than 1 element.'],
  ['en', 'list_min', { elements: 2 }, 'Ensure this field has at least 2 elements.'],
  ['en', 'json_too_deep', { levels: 1 }, 'JSON parse error - nested deeper than 1 level.'],
  [
    'en',
    'send_now_quota',
    { notifications: 1 },
    'You have sent 1 immediate notification in the last 24 hours, the most allowed. Please try again later.',
  ],
  ['am', 'max_length', { characters: 1 }, 'ይህ መስክ ከ1 ፊደል መብለጥ የለበትም።'],
  ['am', 'list_max', { elements: 500 }, 'ይህ ዝርዝር ከ500 ንጥሎች መብለጥ የለበትም።'],
];

describe('server messages with a count', () => {
  it.each(COUNTED)('%s %s %j', (lang, key, vars, text) => {
    expect(message(lang, key, vars)).toBe(text);
  });
});
