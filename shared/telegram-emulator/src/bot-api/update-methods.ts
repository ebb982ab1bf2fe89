import type { Emulator } from '../emulator.js';
import { badRequest, conflict, TG } from '../errors.js';
import { Described, type MethodHandler } from './dispatch.js';
import type { Params } from './params.js';

const UPDATE_TYPES = new Set([
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_connection',
  'business_message',
  'edited_business_message',
  'deleted_business_messages',
  'message_reaction',
  'message_reaction_count',
  'inline_query',
  'chosen_inline_result',
  'callback_query',
  'shipping_query',
  'pre_checkout_query',
  'purchased_paid_media',
  'poll',
  'poll_answer',
  'my_chat_member',
  'chat_member',
  'chat_join_request',
  'chat_boost',
  'removed_chat_boost',
]);

/** allowed_updates: absent keeps the previous setting; unknown names are ignored as Telegram does. */
function applyAllowedUpdates(emu: Emulator, p: Params): void {
  const value = p.json('allowed_updates', badRequest("can't parse allowed updates JSON object"));
  if (value === undefined) return;
  if (!Array.isArray(value)) throw badRequest("can't parse allowed updates JSON object");
  emu.updates.allowedUpdates = value.filter((v): v is string => typeof v === 'string' && UPDATE_TYPES.has(v));
}

const SECRET = /^[A-Za-z0-9_-]{1,256}$/;

function webhookUrl(raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw badRequest('bad webhook: Failed to resolve host: Name or service not known');
  }
  // Telegram insists on HTTPS; a local emulator has to accept plain HTTP too.
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  }
  return raw;
}

const getUpdates: MethodHandler = (emu, p, signal) => {
  if (emu.webhook.config) throw conflict(TG.webhookActive);
  applyAllowedUpdates(emu, p);
  const invalid = badRequest('invalid parameter');
  return emu.updates.getUpdates({
    offset: p.int('offset', invalid),
    limit: p.int('limit', invalid),
    timeoutSeconds: emu.isClosed ? 0 : (p.int('timeout', invalid) ?? 0),
    ...(signal ? { signal } : {}),
  });
};

const setWebhook: MethodHandler = (emu, p) => {
  const url = p.str('url') ?? '';
  if (url === '') return deleteWebhook(emu, p);
  const secret = p.str('secret_token');
  if (secret !== undefined && secret !== '' && !SECRET.test(secret)) {
    throw badRequest('secret token contains unallowed characters');
  }
  const maxConnections = Math.min(
    100,
    Math.max(1, p.int('max_connections', badRequest('invalid max_connections')) ?? 40),
  );
  webhookUrl(url);
  applyAllowedUpdates(emu, p);
  if (p.bool('drop_pending_updates')) emu.updates.drop();
  const previous = emu.webhook.config;
  const config = {
    url,
    secretToken: secret || undefined,
    maxConnections,
    ipAddress: p.str('ip_address') || undefined,
  };
  const same =
    previous?.url === config.url &&
    previous.secretToken === config.secretToken &&
    previous.maxConnections === config.maxConnections;
  emu.updates.terminateWaiter(conflict(TG.terminatedBySetWebhook));
  emu.webhook.set(config);
  return new Described(true, same ? 'Webhook is already set' : 'Webhook was set');
};

const deleteWebhook: MethodHandler = (emu, p) => {
  const had = emu.webhook.config !== undefined;
  if (p.bool('drop_pending_updates')) emu.updates.drop();
  emu.webhook.delete();
  return new Described(true, had ? 'Webhook was deleted' : 'Webhook is already deleted');
};

const getWebhookInfo: MethodHandler = (emu) => emu.webhook.info(emu.updates.allowedUpdates);

export const updateMethods: Record<string, MethodHandler> = {
  getUpdates,
  setWebhook,
  deleteWebhook,
  getWebhookInfo,
  // Harmless on a local server; a bot moving between servers calls them.
  logOut: () => true,
  close: () => true,
};
