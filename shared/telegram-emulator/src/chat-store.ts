import { EventEmitter } from 'node:events';
import type { Clock } from './clock.js';
import { EmulatorUsageError } from './errors.js';
import type {
  ChatMessage,
  KeyboardState,
  MenuButton,
  Message,
  ReplyMarkup,
  User,
  UserInput,
  UserRecord,
} from './types.js';

export interface ChatRecord {
  id: number;
  messages: ChatMessage[];
  nextMessageId: number;
  keyboard: KeyboardState | undefined;
  menuButton: MenuButton | undefined;
  action: { action: string; until: number } | undefined;
}

/** Events the page and the test client listen to. */
export interface StoreEvents {
  chat: [userId: number];
  users: [];
}

const FIRST_NAMES = ['Abebe', 'Almaz', 'Tesfaye', 'Meseret', 'Kebede', 'Hirut', 'Dawit', 'Selam'];

/** Users, their private chats with the bot and the messages in them. */
export class ChatStore {
  readonly events = new EventEmitter<StoreEvents>();
  private readonly users = new Map<number, UserRecord>();
  private readonly chats = new Map<number, ChatRecord>();
  // Realistic ten-digit ids: code that squeezes ids into 32-bit integers fails here as on Telegram.
  private nextUserId = 5_100_000_001;

  constructor(private readonly clock: Clock) {
    this.events.setMaxListeners(0);
  }

  now(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  createUser(input: UserInput = {}): UserRecord {
    const id = input.id ?? this.nextUserId++;
    if (!Number.isSafeInteger(id) || id <= 0)
      throw new EmulatorUsageError(`User id must be a positive integer: ${id}`);
    if (this.users.has(id)) throw new EmulatorUsageError(`User ${id} already exists`);
    const first = input.first_name ?? FIRST_NAMES[(id - 1) % FIRST_NAMES.length] ?? 'User';
    const user: User = {
      id,
      is_bot: false,
      first_name: first,
      ...(input.last_name ? { last_name: input.last_name } : {}),
      ...(input.username ? { username: input.username } : {}),
      ...(input.language_code ? { language_code: input.language_code } : {}),
      ...(input.is_premium ? { is_premium: true } : {}),
    };
    const record: UserRecord = {
      user,
      phoneNumber: input.phone_number,
      started: false,
      blocked: false,
      note: input.note,
    };
    this.users.set(id, record);
    this.events.emit('users');
    return record;
  }

  getUser(id: number): UserRecord | undefined {
    return this.users.get(id);
  }

  requireUser(id: number): UserRecord {
    const record = this.users.get(id);
    if (!record) throw new EmulatorUsageError(`No emulated user with id ${id}`);
    return record;
  }

  listUsers(): UserRecord[] {
    return [...this.users.values()];
  }

  chat(userId: number): ChatRecord {
    let chat = this.chats.get(userId);
    if (!chat) {
      chat = {
        id: userId,
        messages: [],
        nextMessageId: 1,
        keyboard: undefined,
        menuButton: undefined,
        action: undefined,
      };
      this.chats.set(userId, chat);
    }
    return chat;
  }

  /** The chat object Telegram puts in every message of a private chat. */
  chatObject(userId: number): Message['chat'] {
    const { user } = this.requireUser(userId);
    return {
      id: user.id,
      type: 'private',
      first_name: user.first_name,
      ...(user.last_name ? { last_name: user.last_name } : {}),
      ...(user.username ? { username: user.username } : {}),
    } as Message['chat'];
  }

  /** Stores a message; `build` receives the new message id (ids are per chat, shared by both sides). */
  addMessage(
    userId: number,
    from: 'user' | 'bot',
    build: (messageId: number, date: number) => Message,
    replyMarkup?: ReplyMarkup,
  ): ChatMessage {
    const chat = this.chat(userId);
    const raw = build(chat.nextMessageId++, this.now());
    const message = toChatMessage(raw, from, replyMarkup);
    chat.messages.push(message);
    this.touch(userId);
    return message;
  }

  findMessage(userId: number, messageId: number): ChatMessage | undefined {
    return this.chats.get(userId)?.messages.find((m) => m.message_id === messageId);
  }

  replaceMessage(
    userId: number,
    messageId: number,
    raw: Message,
    replyMarkup: ReplyMarkup | undefined,
  ): ChatMessage {
    const chat = this.chat(userId);
    const index = chat.messages.findIndex((m) => m.message_id === messageId);
    const current = chat.messages[index];
    if (!current) throw new EmulatorUsageError(`Message ${messageId} not found in chat ${userId}`);
    const next = toChatMessage(raw, current.from, replyMarkup);
    chat.messages[index] = next;
    this.touch(userId);
    return next;
  }

  deleteMessage(userId: number, messageId: number): void {
    const chat = this.chat(userId);
    chat.messages = chat.messages.filter((m) => m.message_id !== messageId);
    this.touch(userId);
  }

  history(userId: number): ChatMessage[] {
    return [...(this.chats.get(userId)?.messages ?? [])];
  }

  touch(userId: number): void {
    this.events.emit('chat', userId);
  }
}

function toChatMessage(
  raw: Message,
  from: 'user' | 'bot',
  replyMarkup: ReplyMarkup | undefined,
): ChatMessage {
  return {
    message_id: raw.message_id,
    from,
    date: raw.date,
    ...(raw.edit_date ? { edit_date: raw.edit_date } : {}),
    ...(raw.text !== undefined ? { text: raw.text } : {}),
    ...(raw.entities ? { entities: raw.entities } : {}),
    ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
    raw,
  };
}
