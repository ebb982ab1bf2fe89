import type { Emulator } from '../emulator.js';
import { notFound } from '../errors.js';
import { messageMethods } from './message-methods.js';
import { Params } from './params.js';
import { queryMethods } from './query-methods.js';
import { settingsMethods } from './settings-methods.js';
import { updateMethods } from './update-methods.js';

export type MethodHandler = (emu: Emulator, p: Params, signal?: AbortSignal) => unknown;

/** A result that Telegram sends with a human description (setWebhook's "Webhook was set"). */
export class Described {
  constructor(
    readonly result: unknown,
    readonly description: string,
  ) {}
}

// Telegram matches method names case-insensitively.
const METHODS = new Map<string, MethodHandler>(
  Object.entries({ ...updateMethods, ...messageMethods, ...queryMethods, ...settingsMethods }).map(
    ([k, v]) => [k.toLowerCase(), v],
  ),
);

export const supportedMethods = (): string[] =>
  Object.keys({ ...updateMethods, ...messageMethods, ...queryMethods, ...settingsMethods });

export async function dispatch(
  emu: Emulator,
  method: string,
  raw: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<{ result: unknown; description?: string }> {
  const handler = METHODS.get(method.toLowerCase());
  if (!handler) {
    // Telegram's answer to an unknown method; the log line says whether it is merely not emulated.
    emu.options.logger.warn({ method }, 'Bot API method not emulated (answered 404 Not Found)');
    throw notFound();
  }
  const value = await handler(emu, new Params(raw), signal);
  if (value instanceof Described) return { result: value.result, description: value.description };
  return { result: value };
}
