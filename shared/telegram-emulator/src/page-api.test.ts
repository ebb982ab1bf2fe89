import { Api, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from './start.js';
import { ok } from './test-kit.js';

let tg: RunningEmulator;
beforeAll(async () => {
  tg = await startEmulator({ limits: false });
});
afterAll(() => tg.close());

const post = async <T = Record<string, unknown>>(path: string, body: unknown) => {
  const res = await fetch(`${tg.url}api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
};

describe('page API', () => {
  it('creates users with validation and lists them in the bootstrap', async () => {
    expect((await post('users', { first_name: '' })).status).toBe(400);
    expect((await post('users', { first_name: 'X', phone_number: 'call me' })).status).toBe(400);
    const created = await post('users', {
      first_name: 'Almaz',
      language_code: 'am',
      phone_number: '+251911000002',
    });
    expect(created).toMatchObject({
      status: 200,
      body: { first_name: 'Almaz', language_code: 'am', is_bot: false },
    });
    const boot = (await (await fetch(`${tg.url}api/bootstrap`)).json()) as {
      bot: unknown;
      themes: Record<string, unknown>;
      users: unknown[];
    };
    expect(boot.bot).toEqual({ first_name: 'Gebere', username: 'gebere_local_bot' });
    expect(Object.keys(boot.themes)).toEqual(['light', 'dark']);
    expect(boot.users).toContainEqual(expect.objectContaining({ id: created.body.id, blocked: false }));
    // A host may say who a user is (the demo's people): the page's picker shows it.
    const noted = tg.createUser({ first_name: 'Hana', note: 'report user of a demo woreda' });
    const again = (await (await fetch(`${tg.url}api/bootstrap`)).json()) as { users: unknown[] };
    expect(again.users).toContainEqual(
      expect.objectContaining({ id: noted.id, note: 'report user of a demo woreda' }),
    );
  });

  it('serves the files the bot sent: a photo as an image of its size, a document as a named download', async () => {
    const u = tg.createUser({ first_name: 'Hana' });
    await u.send('/start');
    const api = new Api(tg.token, { apiRoot: tg.apiRoot });
    // A PNG header: signature, then IHDR with width 640 and height 400.
    const png = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(400, 20);
    const photo = await api.sendPhoto(u.id, new InputFile(png, 'digest.png'), {
      caption: 'Weekly digest\nWeek 48',
    });
    expect(photo.photo?.[0]).toMatchObject({ width: 640, height: 400, file_size: 33 });
    const csv = Buffer.from('\uFEFFname,reach\r\nባሕር ዳር,12\r\n', 'utf8');
    const doc = await api.sendDocument(u.id, new InputFile(csv, 'ሪፖርት report.csv'), { caption: 'Reports' });

    const chat = (await (await fetch(`${tg.url}api/users/${u.id}/chat`)).json()) as {
      messages: Array<{ message_id: number; text?: string; photo?: unknown; document?: unknown }>;
    };
    const [p, d] = chat.messages.filter((m) => m.photo || m.document);
    const url = (path: string) => `${tg.url}${path}`;
    const photoUrl = (p?.photo as { url?: string } | undefined)?.url ?? '';
    const documentUrl = (d?.document as { url?: string } | undefined)?.url ?? '';
    expect(p).toMatchObject({
      message_id: photo.message_id,
      text: 'Weekly digest\nWeek 48',
      photo: {
        url: `api/users/${u.id}/messages/${photo.message_id}/file`,
        width: 640,
        height: 400,
        size: 33,
      },
    });
    expect(d).toMatchObject({
      message_id: doc.message_id,
      text: 'Reports',
      document: { file_name: 'ሪፖርት report.csv', size: csv.length },
    });

    const image = await fetch(url(photoUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);

    const file = await fetch(url(documentUrl));
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="${encodeURIComponent('ሪፖርት report.csv')}"; filename*=UTF-8''${encodeURIComponent('ሪፖርት report.csv')}`,
    );
    expect(Buffer.from(await file.arrayBuffer())).toEqual(csv);

    // A message without a file, or none at all, is a 404 with the reason.
    const text = await fetch(url(`api/users/${u.id}/messages/1/file`));
    expect([text.status, await text.json()]).toEqual([404, { error: 'Message 1 has no file' }]);
  });

  it('drives the chat: send, keyboard press, refusals as 400 with the reason', async () => {
    const u = tg.createUser({ first_name: 'Tesfaye', phone_number: '+251911000003' });
    expect((await post(`users/${u.id}/send`, { text: '/start' })).status).toBe(200);
    expect(await post(`users/${u.id}/reply-button`, { button: 'Go' })).toEqual({
      status: 400,
      body: { error: 'The chat shows no reply keyboard' },
    });
    await ok(tg, 'sendMessage', {
      chat_id: u.id,
      text: 'Menu',
      reply_markup: {
        keyboard: [
          [
            { text: 'Open', web_app: { url: 'http://localhost:1/app' } },
            { text: 'Phone', request_contact: true },
          ],
        ],
      },
    });
    const launch = await post<{ launch: { id: string; url: string } }>(`users/${u.id}/reply-button`, {
      button: { row: 0, column: 0 },
      theme: 'dark',
    });
    expect(launch.body).toMatchObject({
      kind: 'web_app',
      launch: { source: 'reply_keyboard', button_text: 'Open' },
    });
    expect(launch.body.launch.url).toContain('%23212121'); // dark theme params
    expect((await post(`launches/${launch.body.launch.id}/data`, { data: '{"a":1}' })).status).toBe(200);
    expect(await post(`launches/${launch.body.launch.id}/data`, { data: 'again' })).toEqual({
      status: 400,
      body: { error: 'The mini-app is already closed' },
    });
    expect((await post(`users/${u.id}/reply-button`, { button: { row: 0, column: 1 } })).body).toEqual({
      kind: 'message',
    });
    const chat = (await (await fetch(`${tg.url}api/users/${u.id}/chat`)).json()) as {
      messages: Array<{ text?: string; contact?: unknown }>;
      keyboard: { markup: { keyboard: Array<Array<{ text: string }>> } };
      menu_button: unknown;
    };
    expect(chat.messages.map((m) => m.text ?? (m.contact ? 'contact' : 'web_app_data'))).toEqual([
      '/start',
      'Menu',
      'web_app_data',
      'contact',
    ]);
    expect(chat.keyboard.markup.keyboard[0]?.[0]?.text).toBe('Open');
    expect(chat.menu_button).toEqual({ type: 'commands' });
  });

  it('streams a chat event when something changes', async () => {
    const u = tg.createUser({ first_name: 'Selam' });
    const controller = new AbortController();
    const res = await fetch(`${tg.url}api/events`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await u.send('hi');
    let seen = '';
    while (!seen.includes(`"userId":${u.id}`)) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(seen).toContain(`event: chat\ndata: {"userId":${u.id}}`);
  });
});
