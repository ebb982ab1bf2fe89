// Telegram's own object shapes come from grammY's type package, so the emulator and the bot
// agree on every field name; the emulator-only shapes live here.
import type {
  ForceReply,
  InlineKeyboardMarkup,
  Message,
  MessageEntity,
  ReplyKeyboardMarkup,
  ReplyKeyboardRemove,
  User,
} from 'grammy/types';

export type {
  BotCommand,
  CallbackQuery,
  ForceReply,
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  KeyboardButton,
  MenuButton,
  Message,
  MessageEntity,
  ReplyKeyboardMarkup,
  ReplyKeyboardRemove,
  Update,
  User,
  UserFromGetMe,
  WebhookInfo,
} from 'grammy/types';

export type ReplyMarkup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove | ForceReply;

/** Where a mini-app was opened from; Telegram gives each a different launch. */
export type LaunchSource = 'reply_keyboard' | 'inline_keyboard' | 'menu_button';

export type ThemeName = 'light' | 'dark';

/** What a test or the page passes to create a user. */
export interface UserInput {
  id?: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  phone_number?: string;
  is_premium?: boolean;
  /** Not Telegram's: who this user is, shown beside their name in the chat page's user picker. */
  note?: string;
}

/** A user as the emulator keeps them: Telegram's `User` plus the private-chat state. */
export interface UserRecord {
  user: User;
  phoneNumber: string | undefined;
  /** The user has written to the bot at least once; before that the bot can't initiate a chat. */
  started: boolean;
  blocked: boolean;
  /** The input's `note`, for the chat page. */
  note: string | undefined;
}

/** A message in a private chat, from either side, with edits and deletions applied. */
export interface ChatMessage {
  message_id: number;
  from: 'user' | 'bot';
  date: number;
  edit_date?: number;
  text?: string;
  entities?: MessageEntity[];
  /** The markup exactly as the bot sent it, reply keyboards included (Telegram's Message only carries inline ones). */
  reply_markup?: ReplyMarkup;
  /** A file the bot sent (sendDocument), with its bytes, for tests and the chat page. */
  document?: UploadedFile;
  /** A photo the bot sent (sendPhoto), with its bytes. */
  photo?: UploadedFile;
  /** The Telegram Message object as the bot sees it. */
  raw: Message;
}

/** A file uploaded in a multipart Bot API call. */
export interface UploadedFile {
  file_name: string;
  mime_type: string;
  bytes: Uint8Array;
}

/** The reply keyboard a chat currently shows under the input field. */
export interface KeyboardState {
  markup: ReplyKeyboardMarkup;
  /** A one_time_keyboard hides after use; the user can still reopen it. */
  hidden: boolean;
  message_id: number;
}

export interface CallbackAnswer {
  text?: string;
  show_alert?: boolean;
  url?: string;
  cache_time?: number;
}

/** A mini-app launch as the server keeps it (the page and the programmatic client both use it). */
export interface LaunchRecord {
  id: string;
  userId: number;
  source: LaunchSource;
  buttonText: string;
  url: string;
  initData: string | undefined;
  queryId: string | undefined;
  closed: boolean;
}
