/**
 * Telegram Web (and the emulator's chat page) frames the app cross-site; Chromium with
 * third-party cookies blocked then throws a SecurityError on reading `window.sessionStorage`,
 * where the SDK keeps its state. With the real SDK, the launch is still read and Telegram's
 * main button still shows, answers a press and hides.
 */
import { describe, expect, it } from 'vitest';
import { denyStorage, initData, launchWith, sendFromMainButton, useRealSdkClient } from './test-kit/real-sdk';

useRealSdkClient();

describe('denied sessionStorage (a cross-site frame, as in Telegram Web)', () => {
  it('reads the launch and drives Telegram’s main button', () => {
    launchWith({ bg_color: '#ffffff', secondary_bg_color: '#efeff3', button_color: '#2481cc' });
    denyStorage();
    const sent = sendFromMainButton();
    expect(sent.launch).toMatchObject({ inTelegram: true, platform: 'weba', userId: 7, languageCode: 'am' });
    expect(sent.launch.rawInitData).toBe(initData.toString());
    expect(sent.button).toBe('native');
    expect(sent.shown).toMatchObject({ text: 'Send', is_visible: true, is_active: true });
    expect(sent.pressed).toBe(1);
    expect(sent.hidden).toMatchObject({ is_visible: false });
  });
});
