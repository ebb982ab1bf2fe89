import { describe, expect, it } from 'vitest';
import { CAPTURE_CLOCK_SKEW_SECONDS, judgeLateCapture } from './late-sync';

const iso = (s: number) => new Date(s * 1000).toISOString();

describe('judgeLateCapture', () => {
  const window = { from: 1_000_000, until: 1_000_000 + 86_400 };
  const grace = 7 * 86_400;
  const now = window.until + 3 * 86_400;

  it('accepts a capture inside the window within the grace, edges included', () => {
    for (const at of [window.from, window.from + 600, window.until])
      expect(judgeLateCapture(window, iso(at), now, grace), iso(at)).toBe('ok');
    expect(judgeLateCapture(window, iso(window.from), window.until + grace, grace)).toBe('ok');
  });

  it('refuses a capture outside the window or in the future, and anything past the grace', () => {
    expect(judgeLateCapture(window, iso(window.from - 1), now, grace)).toBe('outside_proof');
    expect(judgeLateCapture(window, iso(window.until + 1), now, grace)).toBe('outside_proof');
    // A link's window is open back to 0; the device clock may run a little ahead of the server's.
    const link = { from: 0, until: now + 86_400 };
    expect(judgeLateCapture(link, iso(now + CAPTURE_CLOCK_SKEW_SECONDS), now, grace)).toBe('ok');
    expect(judgeLateCapture(link, iso(now + CAPTURE_CLOCK_SKEW_SECONDS + 1), now, grace)).toBe(
      'outside_proof',
    );
    expect(judgeLateCapture(window, iso(window.from), window.until + grace + 1, grace)).toBe('expired');
  });

  it('treats a missing or unreadable capture time as no claim at all', () => {
    for (const bad of [undefined, '', 'yesterday', '1700000000', '2026-13-45T99:99:99Z'])
      expect(judgeLateCapture(window, bad, now, grace), String(bad)).toBe('invalid');
  });
});
