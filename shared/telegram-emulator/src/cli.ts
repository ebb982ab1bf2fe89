// biome-ignore-all lint/suspicious/noConsole: a command-line tool that prints where to connect
// Standalone emulator: `pnpm --filter @gebere/telegram-emulator start [--port 8081]`.
// Prints the page URL and the values a bot needs, then runs until interrupted.
import { parseArgs } from 'node:util';
import { DEFAULT_TOKEN } from './config.js';
import { startEmulator } from './start.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8081' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string', default: DEFAULT_TOKEN },
    'no-rate-limit': { type: 'boolean', default: false },
  },
});

const running = await startEmulator({
  port: Number(values.port),
  host: values.host,
  token: values.token,
  users: [{ first_name: 'Abebe', last_name: 'Kebede', language_code: 'am', phone_number: '+251911234567' }],
  ...(values['no-rate-limit'] ? { limits: false as const } : {}),
});
console.log(`Telegram emulator
  chat page:          ${running.url}
  TELEGRAM_API_ROOT=${running.apiRoot}
  BOT_TOKEN=${running.token}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
