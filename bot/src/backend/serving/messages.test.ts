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
});
