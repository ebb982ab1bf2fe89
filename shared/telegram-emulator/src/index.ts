// The local Telegram emulator: Bot API over HTTP, users and private chats, mini-app launches and a
// chat page. See this package's README.md.

export { supportedMethods } from './bot-api/dispatch.js';
export { botApiRoutes } from './bot-api/routes.js';
export {
  type InlinePress,
  MiniAppLaunch,
  type ReplyPress,
  TestUser,
  type WaitOptions,
} from './client-api.js';
export { type Clock, createManualClock, type ManualClock, systemClock } from './clock.js';
export {
  DEFAULT_LIMITS,
  DEFAULT_TOKEN,
  type EmulatorOptions,
  type Limits,
  type RateLimits,
  type WebhookOptions,
} from './config.js';
export { createEmulator, Emulator } from './emulator.js';
export { BotApiError, type BotApiFailure, EmulatorUsageError, TG } from './errors.js';
export { signInitData } from './init-data.js';
export { buildLaunchUrl, readLaunchParams } from './launch.js';
export type { LaunchOptions } from './open-mini-app.js';
export { type EmulatorPluginOptions, emulatorPlugin } from './plugin.js';
export { type RunningEmulator, type StartEmulatorOptions, startEmulator } from './start.js';
export { parseHtml } from './text/html-entities.js';
export { THEMES } from './themes.js';
export type {
  CallbackAnswer,
  ChatMessage,
  KeyboardState,
  LaunchRecord,
  LaunchSource,
  ThemeName,
  UserInput,
} from './types.js';
export type { ButtonLocator } from './user-actions.js';
