import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../start.js';
import { callApi, ok } from '../test-kit.js';
import type { Update } from '../types.js';

let tg: RunningEmulator;
beforeEach(async () => {
  tg = await startEmulator({ limits: false, webhook: { retryMinMs: 20, retryMaxMs: 80, timeoutMs: 2000 } });
});
afterEach(() => tg.close());

const texts = (updates: Update[]) => updates.map((u) => u.message?.text);

describe('getUpdates', () => {
  it('keeps updates until a higher offset confirms them; limit and negative offsets work', async () => {
    const u = tg.emulator.createUser();
    for (const t of ['a', 'b', 'c', 'd']) await u.send(t);
    const all = await ok<Update[]>(tg, 'getUpdates', {});
    expect(texts(all)).toEqual(['a', 'b', 'c', 'd']);
    const first = all[0]?.update_id ?? 0;
    expect(all.map((x) => x.update_id)).toEqual([first, first + 1, first + 2, first + 3]);
    expect(texts(await ok<Update[]>(tg, 'getUpdates', { limit: 2 }))).toEqual(['a', 'b']);
    expect(texts(await ok<Update[]>(tg, 'getUpdates', { offset: first + 2 }))).toEqual(['c', 'd']);
    // Confirmed ones are gone for good.
    expect(texts(await ok<Update[]>(tg, 'getUpdates', {}))).toEqual(['c', 'd']);
    expect(texts(await ok<Update[]>(tg, 'getUpdates', { offset: -1 }))).toEqual(['d']);
  });

  it('long-polls: answers as soon as an update arrives, or [] at the timeout', async () => {
    const u = tg.emulator.createUser();
    const started = Date.now();
    const poll = ok<Update[]>(tg, 'getUpdates', { timeout: 10 });
    setTimeout(() => void u.send('hello'), 50);
    expect(texts(await poll)).toEqual(['hello']);
    expect(Date.now() - started).toBeLessThan(2000);
    const t0 = Date.now();
    const offset = ((await poll)[0]?.update_id ?? 0) + 1;
    expect(await ok(tg, 'getUpdates', { offset, timeout: 1 })).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  });

  it('ends the older of two concurrent long polls with 409, like two bot instances on Telegram', async () => {
    const first = callApi(tg, 'getUpdates', { timeout: 5 });
    await new Promise((r) => setTimeout(r, 50));
    const second = callApi(tg, 'getUpdates', { timeout: 5 });
    expect(await first).toEqual({
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description:
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      },
    });
    await tg.emulator.createUser().send('still delivered');
    expect(texts((await second).body.result as Update[])).toEqual(['still delivered']);
  });

  it('records only allowed_updates, remembering the setting between calls', async () => {
    await ok(tg, 'getUpdates', { allowed_updates: ['callback_query'] });
    const u = tg.emulator.createUser();
    await u.send('ignored');
    expect(await ok(tg, 'getUpdates', {})).toEqual([]);
    await ok(tg, 'getUpdates', { allowed_updates: [] });
    await u.send('seen');
    u.block();
    const updates = await ok<Update[]>(tg, 'getUpdates', {});
    expect(texts(updates)).toEqual(['seen', undefined]);
    expect(updates[1]?.my_chat_member).toMatchObject({
      old_chat_member: { status: 'member' },
      new_chat_member: { status: 'kicked', user: { id: 123456789 } },
    });
  });
});

interface Hook {
  server: Server;
  url: string;
  received: Array<{ secret: string | undefined; update: Update }>;
  failNext: number;
}

async function webhookReceiver(answer?: (u: Update) => unknown): Promise<Hook> {
  const hook = { received: [], failNext: 0 } as unknown as Hook;
  hook.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (hook.failNext > 0) {
        hook.failNext--;
        res.writeHead(500).end();
        return;
      }
      const update = JSON.parse(body) as Update;
      hook.received.push({
        secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined,
        update,
      });
      const reply = answer?.(update);
      if (reply) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      else res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => hook.server.listen(0, '127.0.0.1', r));
  hook.url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/hook`;
  return hook;
}

/** A port nothing listens on: connecting is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('webhooks', () => {
  it('posts each update with the secret header, in order, retrying failures', async () => {
    const hook = await webhookReceiver();
    try {
      const setAnswer = await callApi(tg, 'setWebhook', { url: hook.url, secret_token: 'S3cret_-x' });
      expect(setAnswer.body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
      expect(
        (await callApi(tg, 'setWebhook', { url: hook.url, secret_token: 'S3cret_-x' })).body.description,
      ).toBe('Webhook is already set');
      hook.failNext = 2;
      const u = tg.emulator.createUser();
      for (const t of ['1', '2', '3']) await u.send(t);
      await until(() => hook.received.length === 3);
      expect(hook.received.map((r) => r.update.message?.text)).toEqual(['1', '2', '3']);
      expect(hook.received.every((r) => r.secret === 'S3cret_-x')).toBe(true);
      const info = await ok(tg, 'getWebhookInfo');
      expect(info).toMatchObject({
        url: hook.url,
        has_custom_certificate: false,
        pending_update_count: 0,
        max_connections: 40,
        last_error_message: 'Wrong response from the webhook: 500 Internal Server Error',
        last_error_date: expect.any(Number),
      });
    } finally {
      hook.server.close();
    }
  });

  it('refuses getUpdates while set, ends a waiting poll on set, and drops pending updates on request', async () => {
    const poll = callApi(tg, 'getUpdates', { timeout: 5 });
    await new Promise((r) => setTimeout(r, 30));
    await ok(tg, 'setWebhook', { url: `http://127.0.0.1:${await closedPort()}/unreachable` });
    expect((await poll).body).toEqual({
      ok: false,
      error_code: 409,
      description: 'Conflict: terminated by setWebhook request',
    });
    expect((await callApi(tg, 'getUpdates')).body.description).toBe(
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    );
    await tg.emulator.createUser().send('stuck');
    await until(() => (tg.emulator.webhook.info([]).last_error_message ?? '') !== '');
    expect(tg.emulator.webhook.info([])).toMatchObject({
      pending_update_count: 1,
      last_error_message: 'Connection refused',
    });
    expect((await callApi(tg, 'deleteWebhook', { drop_pending_updates: true })).body.description).toBe(
      'Webhook was deleted',
    );
    expect((await callApi(tg, 'deleteWebhook')).body.description).toBe('Webhook is already deleted');
    expect(await ok(tg, 'getUpdates')).toEqual([]);
    expect(await ok(tg, 'getWebhookInfo')).toEqual({
      url: '',
      has_custom_certificate: false,
      pending_update_count: 0,
    });
  });

  it('validates the URL and the secret token', async () => {
    expect((await callApi(tg, 'setWebhook', { url: 'ftp://x.example/' })).body.description).toBe(
      'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    );
    expect(
      (await callApi(tg, 'setWebhook', { url: 'https://x.example/', secret_token: 'no spaces' })).body
        .description,
    ).toBe('Bad Request: secret token contains unallowed characters');
  });

  it('executes a method the webhook answers with, as Telegram does', async () => {
    const hook = await webhookReceiver((u) =>
      u.message
        ? { method: 'sendMessage', chat_id: u.message.chat.id, text: `echo ${u.message.text}` }
        : undefined,
    );
    try {
      await ok(tg, 'setWebhook', { url: hook.url });
      const u = tg.emulator.createUser();
      await u.send('ping');
      await expect(u.waitForMessage()).resolves.toMatchObject({ text: 'echo ping' });
    } finally {
      hook.server.close();
    }
  });
});
