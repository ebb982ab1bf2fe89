import { describe, expect, it } from 'vitest';
import { message } from './messages';

describe('server messages with a count', () => {
  it('word the seconds in their singular or plural form', () => {
    expect(message('en', 'rate_limited', { seconds: 1 })).toBe(
      'Too many changes in a short time. Try again in 1 second.',
    );
    expect(message('en', 'rate_limited', { seconds: 30 })).toBe(
      'Too many changes in a short time. Try again in 30 seconds.',
    );
    expect(message('en', 'unavailable', { seconds: 1 })).toBe(
      'The service is briefly unavailable. Try again in 1 second.',
    );
    expect(message('am', 'unavailable', { seconds: 5 })).toBe(
      'አገልግሎቱ ለአጭር ጊዜ አይገኝም። ከ5 ሰከንድ በኋላ እንደገና ይሞክሩ።',
    );
  });

  it('word every other counted noun in its singular or plural form', () => {
    expect(message('en', 'max_length', { characters: 1 })).toBe(
      'Ensure this field has no more than 1 character.',
    );
    expect(message('en', 'max_length', { characters: 100 })).toBe(
      'Ensure this field has no more than 100 characters.',
    );
    expect(message('en', 'min_length', { characters: 2 })).toBe(
      'Ensure this field has at least 2 characters.',
    );
    expect(message('en', 'list_max', { elements: 1 })).toBe('Ensure this field has no more than 1 element.');
    expect(message('en', 'list_min', { elements: 2 })).toBe('Ensure this field has at least 2 elements.');
    expect(message('en', 'json_too_deep', { levels: 1 })).toBe(
      'JSON parse error - nested deeper than 1 level.',
    );
    expect(message('en', 'send_now_quota', { notifications: 1 })).toBe(
      'You have sent 1 immediate notification in the last 24 hours, the most allowed. Please try again later.',
    );
    expect(message('am', 'max_length', { characters: 1 })).toBe('ይህ መስክ ከ1 ፊደል መብለጥ የለበትም።');
    expect(message('am', 'list_max', { elements: 500 })).toBe('ይህ ዝርዝር ከ500 ንጥሎች መብለጥ የለበትም።');
  });
});
