/**
 * How the app was launched, read once: the telegram layer supplies the reader (the SDK, with the
 * URL's hash as fallback) when it loads, so lib code can ask without depending on the SDK.
 */

/** What the rest of the app may know about how it was launched. */
export interface Launch {
  /** Launched by a Telegram client (or the emulator, or the dev mock). */
  inTelegram: boolean;
  /** Telegram's signed initData exactly as received; undefined from reply-keyboard buttons. */
  rawInitData: string | undefined;
  /** Present for inline-mode and menu launches that can be answered with answerWebAppQuery. */
  queryId: string | undefined;
  /** `android`, `ios`, `tdesktop`, `weba`…; `unknown` outside Telegram. */
  platform: string;
  /** Mini Apps API version of the client, e.g. `8.0`. */
  version: string | undefined;
  userId: number | undefined;
  /** The Telegram user's IETF language tag, e.g. `am`. */
  languageCode: string | undefined;
  /** Whether the theme Telegram started us with is dark; undefined outside Telegram. */
  startDark: boolean | undefined;
}

export const outsideTelegram: Launch = {
  inTelegram: false,
  rawInitData: undefined,
  queryId: undefined,
  platform: 'unknown',
  version: undefined,
  userId: undefined,
  languageCode: undefined,
  startDark: undefined,
};

let read: () => Launch = () => outsideTelegram;
let current: Launch | undefined;

/** The telegram layer's reader of the launch parameters; set once, when that layer loads. */
export function setLaunchReader(reader: () => Launch): void {
  read = reader;
}

/** The launch as read once at startup (see initTelegram). */
export function getLaunch(): Launch {
  current ??= read();
  return current;
}

/** Tests only: force a launch without the SDK. */
export function setLaunchForTests(launch: Launch | undefined): void {
  current = launch;
}
