import Fastify from 'fastify';
import type { TestUser } from './client-api.js';
import type { EmulatorOptions } from './config.js';
import { Emulator } from './emulator.js';
import type { UserInput } from './types.js';

export interface StartEmulatorOptions extends EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Where the Bot API and page live; the product mounts them at /emulator too. */
  prefix?: string;
}

export interface RunningEmulator {
  emulator: Emulator;
  /** Pass as grammY's `client.apiRoot` (or TELEGRAM_API_ROOT). */
  apiRoot: string;
  /** The chat page. */
  url: string;
  token: string;
  port: number;
  /** Shorthands for `emulator.createUser()` and `emulator.user()`. */
  createUser(input?: UserInput): TestUser;
  user(id: number): TestUser;
  close(): Promise<void>;
}

/** Starts an emulator on its own HTTP server (tests, the CLI). */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const { port = 0, host = '127.0.0.1', prefix = '/emulator', ...emulatorOptions } = options;
  const emulator = new Emulator(emulatorOptions);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(emulator.plugin, { prefix });
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const apiRoot = `http://${host}:${actualPort}${prefix}`;
  let closing: Promise<void> | undefined;
  return {
    emulator,
    apiRoot,
    url: `${apiRoot}/`,
    token: emulator.token,
    port: actualPort,
    createUser: (input) => emulator.createUser(input),
    user: (id) => emulator.user(id),
    close: () => {
      closing ??= app.close();
      return closing;
    },
  };
}
