import { randomBytes } from 'node:crypto';
import type { Emulator } from './emulator.js';
import { signInitData } from './init-data.js';
import { buildLaunchUrl } from './launch.js';
import type { LaunchRecord, LaunchSource, ThemeName, User } from './types.js';

export interface LaunchOptions {
  theme?: ThemeName;
}

/** The pressed button that opens the mini-app: its kind, its label and its web_app URL. */
export interface MiniAppButton {
  source: LaunchSource;
  text: string;
  url: string;
}

/**
 * Opens a mini-app as Telegram does for the given kind of button: signs initData for the user,
 * builds the launch URL and records the launch, which sendData and answerWebAppQuery then look
 * up. The caller has checked that the user may write to the bot.
 */
export function openMiniApp(
  emu: Emulator,
  userId: number,
  user: User,
  button: MiniAppButton,
  options: LaunchOptions,
): LaunchRecord {
  const o = emu.options;
  const id = randomBytes(9).toString('base64url');
  // A reply-keyboard launch gets no initData (design: the signed link is its only proof).
  const signed = button.source !== 'reply_keyboard';
  const queryId = signed ? emu.queries.newWebAppQuery(userId, id) : undefined;
  const initData = signed
    ? signInitData({
        token: o.token,
        botId: o.botId,
        user,
        ...(queryId ? { queryId } : {}),
        authDate: new Date(o.clock.now()),
        privateKey: emu.keys.privateKey,
      })
    : undefined;
  const launchUrl = buildLaunchUrl(o.webAppUrlRewrite(button.url), {
    initData,
    version: o.webAppVersion,
    platform: o.platform,
    theme: options.theme ?? 'light',
  });
  const record: LaunchRecord = {
    id,
    userId,
    source: button.source,
    buttonText: button.text,
    url: launchUrl,
    initData,
    queryId,
    closed: false,
  };
  emu.launches.set(id, record);
  return record;
}
