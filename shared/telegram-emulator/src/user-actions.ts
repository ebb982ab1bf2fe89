import { randomBytes } from 'node:crypto';
import type { Emulator } from './emulator.js';
import { EmulatorUsageError } from './errors.js';
import { isInlineMarkup } from './markup.js';
import { type LaunchOptions, openMiniApp } from './open-mini-app.js';
import { addAutoEntities, byteLength, charLength } from './text/entity-utils.js';
import type { FormattedText } from './text/formatted-text.js';
import type {
  ChatMessage,
  InlineKeyboardMarkup,
  KeyboardButton,
  LaunchRecord,
  LaunchSource,
  Message,
  Update,
} from './types.js';

export type ReplyPressResult =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'web_app'; launch: LaunchRecord };

export type InlinePressResult =
  | { kind: 'callback'; queryId: string }
  | { kind: 'url'; url: string }
  | { kind: 'web_app'; launch: LaunchRecord };

/** Locates a button by its text, or by position for keyboards that repeat a label. */
export type ButtonLocator = string | { row: number; column: number };

/**
 * What a person can do in the Telegram client. The page's API and the test client both go
 * through here, so both obey the same rules (a blocked bot gets nothing, sendData only from a
 * reply-keyboard launch, and so on).
 */
export class UserActions {
  private readonly inlineMessages = new Map<string, { userId: number; messageId: number }>();

  constructor(private readonly emu: Emulator) {}

  private writer(userId: number) {
    const record = this.emu.store.requireUser(userId);
    if (record.blocked) {
      throw new EmulatorUsageError(`${record.user.first_name} has blocked the bot; unblock (restart) first`);
    }
    return record;
  }

  /** Stores a message from the user and hands it to the bot as a `message` update. */
  private post(userId: number, content: Partial<Message>): ChatMessage {
    const record = this.writer(userId);
    record.started = true;
    const message = this.addUserMessage(userId, content);
    this.emu.updates.push('message', message.raw as NonNullable<Update['message']>);
    return message;
  }

  /** Stores a message the user wrote in their chat with the bot, without telling the bot. */
  private addUserMessage(userId: number, content: Partial<Message>, markup?: InlineKeyboardMarkup) {
    const { user } = this.emu.store.requireUser(userId);
    const chat = this.emu.store.chatObject(userId);
    return this.emu.store.addMessage(
      userId,
      'user',
      (message_id, date) => ({ message_id, from: user, chat, date, ...content }) as Message,
      markup,
    );
  }

  sendText(userId: number, text: string): ChatMessage {
    const trimmed = text.trim();
    if (trimmed === '') throw new EmulatorUsageError('Telegram does not send an empty message');
    if (charLength(trimmed) > this.emu.options.limits.messageLength) {
      throw new EmulatorUsageError(
        `Telegram splits texts over ${this.emu.options.limits.messageLength} characters`,
      );
    }
    const entities = addAutoEntities(trimmed, []);
    return this.post(userId, { text: trimmed, ...(entities.length > 0 ? { entities } : {}) });
  }

  /** The user's own contact, as a request_contact button shares it. */
  shareContact(userId: number): ChatMessage {
    const { user, phoneNumber } = this.emu.store.requireUser(userId);
    if (!phoneNumber) throw new EmulatorUsageError(`${user.first_name} has no phone_number to share`);
    const phone = this.emu.options.contactPhoneWithPlus ? phoneNumber : phoneNumber.replace(/^\+/, '');
    return this.post(userId, {
      contact: {
        phone_number: phone,
        first_name: user.first_name,
        ...(user.last_name ? { last_name: user.last_name } : {}),
        user_id: user.id,
      },
    });
  }

  pressReply(userId: number, locator: ButtonLocator, options: LaunchOptions = {}): ReplyPressResult {
    this.writer(userId);
    const chat = this.emu.store.chat(userId);
    const keyboard = chat.keyboard;
    if (!keyboard) throw new EmulatorUsageError('The chat shows no reply keyboard');
    const rows = keyboard.markup.keyboard as KeyboardButton[][];
    const button = findButton(rows, locator, (b) => (typeof b === 'string' ? b : b.text));
    if (!button) {
      const labels = rows.flat().map((b) => (typeof b === 'string' ? b : b.text));
      throw new EmulatorUsageError(
        `No reply button ${JSON.stringify(locator)}; the keyboard has: ${labels.join(', ')}`,
      );
    }
    const b = typeof button === 'string' ? { text: button } : button;
    if (keyboard.markup.one_time_keyboard) keyboard.hidden = true;
    const webApp = (b as KeyboardButton.WebAppButton).web_app;
    if (webApp) {
      return { kind: 'web_app', launch: this.launch(userId, 'reply_keyboard', b.text, webApp.url, options) };
    }
    if ('request_contact' in b && b.request_contact)
      return { kind: 'message', message: this.shareContact(userId) };
    return { kind: 'message', message: this.sendText(userId, b.text) };
  }

  pressInline(
    userId: number,
    messageId: number,
    locator: ButtonLocator,
    options: LaunchOptions = {},
  ): InlinePressResult {
    this.emu.store.requireUser(userId);
    const message = this.emu.store.findMessage(userId, messageId);
    if (!message) throw new EmulatorUsageError(`Message ${messageId} is not in the chat (deleted?)`);
    const markup = message.reply_markup;
    if (!isInlineMarkup(markup)) throw new EmulatorUsageError(`Message ${messageId} has no inline keyboard`);
    const button = findButton(markup.inline_keyboard, locator, (b) => b.text);
    if (!button) {
      const labels = markup.inline_keyboard.flat().map((b) => b.text);
      throw new EmulatorUsageError(
        `No inline button ${JSON.stringify(locator)}; the message has: ${labels.join(', ')}`,
      );
    }
    if ('callback_data' in button && button.callback_data !== undefined) {
      const record = this.writer(userId);
      const queryId = this.emu.queries.newCallback(userId);
      this.emu.updates.push('callback_query', {
        id: queryId,
        from: record.user,
        message: message.raw,
        chat_instance: chatInstance(userId),
        data: button.callback_data,
      });
      return { kind: 'callback', queryId };
    }
    if ('url' in button && button.url) return { kind: 'url', url: button.url };
    if ('web_app' in button && button.web_app) {
      return {
        kind: 'web_app',
        launch: this.launch(userId, 'inline_keyboard', button.text, button.web_app.url, options),
      };
    }
    throw new EmulatorUsageError(
      `The emulator does not support this kind of inline button: ${JSON.stringify(button)}`,
    );
  }

  pressMenu(userId: number, options: LaunchOptions = {}): LaunchRecord {
    const chat = this.emu.store.chat(userId);
    const button = this.emu.settings.menuButtonFor(chat.menuButton);
    if (button.type !== 'web_app')
      throw new EmulatorUsageError('The menu button opens the commands list, not a mini-app');
    return this.launch(userId, 'menu_button', button.text, button.web_app.url, options);
  }

  private launch(
    userId: number,
    source: LaunchSource,
    text: string,
    url: string,
    options: LaunchOptions,
  ): LaunchRecord {
    return openMiniApp(this.emu, userId, this.writer(userId).user, { source, text, url }, options);
  }

  /** Telegram.WebApp.sendData: only from a reply-keyboard launch, 1–4096 bytes, then the app closes. */
  sendData(launchId: string, data: string): ChatMessage {
    const launch = this.openLaunch(launchId);
    if (launch.source !== 'reply_keyboard') {
      throw new EmulatorUsageError(
        'sendData works only in a mini-app opened from a reply-keyboard button; Telegram ignores it here',
      );
    }
    if (data.length === 0 || byteLength(data) > this.emu.options.limits.sendDataBytes) {
      throw new EmulatorUsageError(
        `WebAppDataInvalid: sendData takes 1–${this.emu.options.limits.sendDataBytes} bytes, got ${byteLength(data)}`,
      );
    }
    const message = this.post(launch.userId, { web_app_data: { data, button_text: launch.buttonText } });
    launch.closed = true;
    return message;
  }

  closeLaunch(launchId: string): void {
    const launch = this.emu.launches.get(launchId);
    if (launch) launch.closed = true;
  }

  private openLaunch(launchId: string): LaunchRecord {
    const launch = this.emu.launches.get(launchId);
    if (!launch) throw new EmulatorUsageError(`No mini-app launch ${launchId}`);
    if (launch.closed) throw new EmulatorUsageError('The mini-app is already closed');
    return launch;
  }

  /** Blocking and unblocking reach the bot as my_chat_member updates, as on Telegram. */
  setBlocked(userId: number, blocked: boolean): void {
    const record = this.emu.store.requireUser(userId);
    if (record.blocked === blocked) return;
    record.blocked = blocked;
    const member = { user: this.emu.botUser, status: 'member' as const };
    const kicked = { user: this.emu.botUser, status: 'kicked' as const, until_date: 0 };
    this.emu.updates.push('my_chat_member', {
      chat: this.emu.store.chatObject(userId),
      from: record.user,
      date: this.emu.store.now(),
      old_chat_member: blocked ? member : kicked,
      new_chat_member: blocked ? kicked : member,
    } as never);
    this.emu.store.touch(userId);
  }

  /** answerWebAppQuery's effect: a message from the user "via @bot". Returns its inline_message_id. */
  postViaBot(userId: number, formatted: FormattedText, markup: InlineKeyboardMarkup | undefined): string {
    const message = this.addUserMessage(
      userId,
      {
        via_bot: this.emu.botUser,
        text: formatted.text,
        ...(formatted.entities.length > 0 ? { entities: formatted.entities } : {}),
        ...(markup ? { reply_markup: markup } : {}),
      },
      markup,
    );
    // The bot sees messages sent via itself in its own private chat like any other.
    if (!this.emu.store.requireUser(userId).blocked)
      this.emu.updates.push('message', message.raw as NonNullable<Update['message']>);
    const inlineId = randomBytes(15).toString('base64url');
    this.inlineMessages.set(inlineId, { userId, messageId: message.message_id });
    return inlineId;
  }

  inlineMessage(inlineId: string): { userId: number; message: ChatMessage } | undefined {
    const ref = this.inlineMessages.get(inlineId);
    const message = ref && this.emu.store.findMessage(ref.userId, ref.messageId);
    return ref && message ? { userId: ref.userId, message } : undefined;
  }
}

function findButton<T>(rows: T[][], locator: ButtonLocator, label: (b: T) => string): T | undefined {
  if (typeof locator === 'string') return rows.flat().find((b) => label(b) === locator);
  return rows[locator.row]?.[locator.column];
}

/** Telegram's chat_instance: an opaque id, stable per chat. */
function chatInstance(userId: number): string {
  return ((BigInt(userId) * 2654435761n) % 9007199254740881n).toString();
}
