// The programmatic client: a test drives a user through a conversation with the bot and reads
// the chat back, e.g.
//   const u = tg.createUser({ first_name: 'Abebe', language_code: 'am' });
//   await u.send('/start');
//   const m = await u.waitForMessage((m) => m.text?.includes('Welcome'));
import type { Emulator } from './emulator.js';
import { readLaunchParams } from './launch.js';
import type { LaunchOptions } from './open-mini-app.js';
import { describeMessage } from './transcript.js';
import type {
  BotCommand,
  CallbackAnswer,
  ChatMessage,
  KeyboardState,
  LaunchRecord,
  MenuButton,
  User,
} from './types.js';
import type { ButtonLocator } from './user-actions.js';

export interface WaitOptions {
  /** Default 5000 ms. */
  timeoutMs?: number;
  /** Shown in the timeout error. */
  description?: string;
}

const DEFAULT_TIMEOUT = 5_000;

/** A mini-app as the user has it open. */
export class MiniAppLaunch {
  constructor(
    private readonly emu: Emulator,
    readonly record: LaunchRecord,
  ) {}

  get id(): string {
    return this.record.id;
  }
  /** The URL the client opens: the button's URL plus the launch parameters in the fragment. */
  get url(): string {
    return this.record.url;
  }
  get source(): LaunchRecord['source'] {
    return this.record.source;
  }
  /** Raw signed initData, or undefined for a reply-keyboard launch. */
  get initData(): string | undefined {
    return this.record.initData;
  }
  get queryId(): string | undefined {
    return this.record.queryId;
  }
  get closed(): boolean {
    return this.record.closed;
  }
  get launchParams(): URLSearchParams {
    return readLaunchParams(this.record.url);
  }

  /** Telegram.WebApp.sendData(data); the bot gets a message with web_app_data and the app closes. */
  async sendData(data: string): Promise<ChatMessage> {
    return this.emu.actions.sendData(this.record.id, data);
  }

  close(): void {
    this.emu.actions.closeLaunch(this.record.id);
  }
}

export type ReplyPress =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'web_app'; launch: MiniAppLaunch };

export type InlinePress =
  | { kind: 'callback'; queryId: string; waitForAnswer(options?: WaitOptions): Promise<CallbackAnswer> }
  | { kind: 'url'; url: string }
  | { kind: 'web_app'; launch: MiniAppLaunch };

type MessageRef = ChatMessage | number;
const idOf = (m: MessageRef) => (typeof m === 'number' ? m : m.message_id);

/** One emulated user in a private chat with the bot. */
export class TestUser {
  /** waitForMessage only looks at bot messages after this id; actions and matches move it. */
  private cursor = 0;

  constructor(
    private readonly emu: Emulator,
    readonly id: number,
  ) {}

  get info(): User {
    return this.emu.store.requireUser(this.id).user;
  }
  get blocked(): boolean {
    return this.emu.store.requireUser(this.id).blocked;
  }

  private mark<T extends ChatMessage>(m: T): T {
    this.cursor = Math.max(this.cursor, m.message_id);
    return m;
  }

  async send(text: string): Promise<ChatMessage> {
    return this.mark(this.emu.actions.sendText(this.id, text));
  }

  async shareContact(): Promise<ChatMessage> {
    return this.mark(this.emu.actions.shareContact(this.id));
  }

  /** Presses a reply-keyboard button: text and contact buttons send, a web_app button opens the app. */
  async pressReply(button: ButtonLocator, options?: LaunchOptions): Promise<ReplyPress> {
    const r = this.emu.actions.pressReply(this.id, button, options);
    if (r.kind === 'web_app') return { kind: 'web_app', launch: new MiniAppLaunch(this.emu, r.launch) };
    return { kind: 'message', message: this.mark(r.message) };
  }

  launchFromReply(button: ButtonLocator, options?: LaunchOptions): MiniAppLaunch {
    const r = this.emu.actions.pressReply(this.id, button, options);
    if (r.kind !== 'web_app')
      throw new Error(`Reply button ${JSON.stringify(button)} is not a web_app button`);
    return new MiniAppLaunch(this.emu, r.launch);
  }

  async pressInline(
    message: MessageRef,
    button: ButtonLocator,
    options?: LaunchOptions,
  ): Promise<InlinePress> {
    const r = this.emu.actions.pressInline(this.id, idOf(message), button, options);
    if (r.kind === 'web_app') return { kind: 'web_app', launch: new MiniAppLaunch(this.emu, r.launch) };
    if (r.kind === 'url') return r;
    const { queryId } = r;
    return {
      kind: 'callback',
      queryId,
      waitForAnswer: (o) =>
        this.waitFor(() => this.emu.queries.callbackAnswer(queryId), {
          description: `an answerCallbackQuery for query ${queryId}`,
          ...o,
        }),
    };
  }

  launchFromInline(message: MessageRef, button: ButtonLocator, options?: LaunchOptions): MiniAppLaunch {
    const r = this.emu.actions.pressInline(this.id, idOf(message), button, options);
    if (r.kind !== 'web_app')
      throw new Error(`Inline button ${JSON.stringify(button)} is not a web_app button`);
    return new MiniAppLaunch(this.emu, r.launch);
  }

  launchFromMenu(options?: LaunchOptions): MiniAppLaunch {
    return new MiniAppLaunch(this.emu, this.emu.actions.pressMenu(this.id, options));
  }

  block(): void {
    this.emu.actions.setBlocked(this.id, true);
  }
  unblock(): void {
    this.emu.actions.setBlocked(this.id, false);
  }
  /** Telegram's "Restart" button on a blocked bot: unblock and send /start. */
  async restart(): Promise<ChatMessage> {
    this.unblock();
    return this.send('/start');
  }

  /** Every message in the chat, both sides, edits applied and deleted ones gone. */
  history(): ChatMessage[] {
    return this.emu.store.history(this.id);
  }
  botMessages(): ChatMessage[] {
    return this.history().filter((m) => m.from === 'bot');
  }
  lastMessage(): ChatMessage | undefined {
    return this.history().at(-1);
  }
  /** The message as it is now (after edits), or undefined once deleted. */
  message(message: MessageRef): ChatMessage | undefined {
    return this.emu.store.findMessage(this.id, idOf(message));
  }
  keyboard(): KeyboardState | undefined {
    return this.emu.store.chat(this.id).keyboard;
  }
  /** The commands menu this user sees (scope and language resolved as Telegram does). */
  commands(): BotCommand[] {
    return this.emu.settings.commandsFor(this.id, this.info.language_code);
  }
  menuButton(): MenuButton {
    return this.emu.settings.menuButtonFor(this.emu.store.chat(this.id).menuButton);
  }

  /**
   * Resolves with the next bot message after the last action or match that satisfies
   * `predicate`; on timeout the error lists the whole chat.
   */
  async waitForMessage(predicate: (m: ChatMessage) => unknown = () => true, options: WaitOptions = {}) {
    const after = this.cursor;
    const found = await this.waitFor(
      () => this.history().find((m) => m.from === 'bot' && m.message_id > after && predicate(m)),
      { description: `a bot message after #${after} matching ${predicate.toString()}`, ...options },
    );
    return this.mark(found);
  }

  /** Re-evaluates `probe` on every change in this chat (and every 25 ms) until it returns something truthy. */
  waitFor<T>(probe: () => T | undefined | null | false, options: WaitOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT;
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        let value: T | undefined | null | false;
        try {
          value = probe();
        } catch (error) {
          done();
          reject(error);
          return;
        }
        if (value) {
          done();
          resolve(value);
        }
      };
      const onChat = (userId: number) => userId === this.id && check();
      const onAnswer = (userId: number) => userId === this.id && check();
      const timer = setTimeout(() => {
        done();
        const what = options.description ?? 'a condition';
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.\n${this.transcript()}`));
      }, timeoutMs);
      // Events cover chat changes; the interval catches state that changes without one.
      const poll = setInterval(check, 25);
      const done = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.emu.store.events.off('chat', onChat);
        this.emu.queries.events.off('callback_answer', onAnswer);
      };
      this.emu.store.events.on('chat', onChat);
      this.emu.queries.events.on('callback_answer', onAnswer);
      check();
    });
  }

  /** The chat as text, for failure messages and debugging. */
  transcript(): string {
    const { user, blocked } = this.emu.store.requireUser(this.id);
    const lines = this.history().map((m) => {
      const who = m.from === 'bot' ? 'bot' : user.first_name;
      const mark = m.message_id === this.cursor ? '  ← last action/match' : '';
      return `  #${m.message_id} ${who}: ${describeMessage(m)}${mark}`;
    });
    const header = `Chat with ${user.first_name} (id ${user.id})${blocked ? ', bot blocked' : ''}:`;
    return [header, ...(lines.length > 0 ? lines : ['  (no messages)'])].join('\n');
  }
}
