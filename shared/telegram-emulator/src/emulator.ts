import type { FastifyPluginAsync } from 'fastify';
import { dispatch } from './bot-api/dispatch.js';
import { BotSettings } from './bot-settings.js';
import { ChatStore } from './chat-store.js';
import { TestUser } from './client-api.js';
import { type EmulatorOptions, type ResolvedOptions, resolveOptions } from './config.js';
import { type InitDataKeys, initDataKeys } from './init-data.js';
import { RateLimiter } from './limits.js';
import { emulatorRoutes } from './plugin.js';
import { QueryRegistry } from './queries.js';
import type { LaunchRecord, User, UserFromGetMe, UserInput } from './types.js';
import { UpdateQueue } from './update-queue.js';
import { UserActions } from './user-actions.js';
import { WebhookDeliverer } from './webhook.js';

/**
 * One emulated Telegram: a bot account with its update queue, webhook and settings, the users and
 * their private chats, and the mini-app launches. The HTTP side (Bot API and page) is `plugin`;
 * tests drive users through `createUser()`.
 */
export class Emulator {
  readonly options: ResolvedOptions;
  readonly token: string;
  readonly botInfo: UserFromGetMe;
  readonly store: ChatStore;
  readonly updates = new UpdateQueue();
  readonly webhook: WebhookDeliverer;
  readonly queries: QueryRegistry;
  readonly settings = new BotSettings();
  readonly rate: RateLimiter;
  readonly launches = new Map<string, LaunchRecord>();
  readonly actions: UserActions;
  /** Hex Ed25519 public key that verifies the `signature` field of the emulator's initData. */
  readonly initDataPublicKey: string;
  readonly keys: InitDataKeys;
  /** Fastify plugin serving the Bot API (`/bot<token>/<method>`) and the chat page (`/`). */
  readonly plugin: FastifyPluginAsync;
  private readonly testUsers = new Map<number, TestUser>();
  private closed = false;

  constructor(options: EmulatorOptions = {}) {
    const o = resolveOptions(options);
    this.options = o;
    this.token = o.token;
    this.botInfo = {
      id: o.botId,
      is_bot: true,
      first_name: o.botFirstName,
      username: o.botUsername,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    } as UserFromGetMe;
    this.store = new ChatStore(o.clock);
    this.queries = new QueryRegistry(o.clock, o.limits);
    this.rate = new RateLimiter(o.limits.rate, o.clock);
    this.webhook = new WebhookDeliverer(this.updates, o.webhook, o.clock, o.logger, (method, params) =>
      this.call(method, params),
    );
    this.keys = initDataKeys();
    this.initDataPublicKey = this.keys.publicKeyHex;
    this.actions = new UserActions(this);
    this.plugin = async (app) => emulatorRoutes(app, this);
    for (const input of options.users ?? []) this.createUser(input);
  }

  /** The bot as it appears in messages it sends. */
  get botUser(): User {
    return {
      id: this.botInfo.id,
      is_bot: true,
      first_name: this.botInfo.first_name,
      username: this.botInfo.username,
    };
  }

  /** Calls a Bot API method in-process; resolves with `result`, rejects with a BotApiError. */
  async call(method: string, params: Record<string, unknown> = {}, signal?: AbortSignal): Promise<unknown> {
    return (await dispatch(this, method, params, signal)).result;
  }

  createUser(input: UserInput = {}): TestUser {
    const record = this.store.createUser(input);
    return this.user(record.user.id);
  }

  /** The test handle of an existing user (created here, by the page, or at start). */
  user(id: number): TestUser {
    this.store.requireUser(id);
    let handle = this.testUsers.get(id);
    if (!handle) {
      handle = new TestUser(this, id);
      this.testUsers.set(id, handle);
    }
    return handle;
  }

  users(): TestUser[] {
    return this.store.listUsers().map((r) => this.user(r.user.id));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Stops webhook delivery and answers a waiting long poll so servers can shut down. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.webhook.close();
    this.updates.close();
  }
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  return new Emulator(options);
}
