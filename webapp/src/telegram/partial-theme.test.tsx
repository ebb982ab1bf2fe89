/**
 * A client whose theme lacks a colour we ask for (secondary_bg_color: the header colour call
 * throws) still gets Telegram's main button: one refused init step must not cost the others.
 */
import { describe, expect, it } from 'vitest';
import { launchWith, sendFromMainButton, useRealSdkClient } from './test-kit/real-sdk';

useRealSdkClient();

describe('a theme without secondary_bg_color', () => {
  it('still drives Telegram’s main button', () => {
    launchWith({ bg_color: '#ffffff' });
    const sent = sendFromMainButton();
    expect(sent.button).toBe('native');
    expect(sent.shown).toMatchObject({ text: 'Send', is_visible: true });
    expect(sent.pressed).toBe(1);
    expect(sent.hidden).toMatchObject({ is_visible: false });
  });
});
