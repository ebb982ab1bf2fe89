import type { Config } from '../config';
import type { Logger } from '../log';

/**
 * The local Telegram (@gebere/telegram-emulator) for runs without BOT_TOKEN. Imported lazily: a
 * deployment with a real bot never loads it. With the demo data in the embedded backend, its chat
 * page offers the demo's people (a report user, a DA per language), so a first run needs no phone
 * number from the seed files.
 */
export async function startEmulator(config: Config, logger: Logger) {
  const { createEmulator } = await import('@gebere/telegram-emulator');
  const demo = config.database.demoData && config.backend.embedded;
  const users = demo ? (await import('../backend/seed/demo/chat-users')).DEMO_CHAT_USERS : [];
  const emulator = createEmulator({
    token: config.telegram.token,
    logger: logger.child({ part: 'emulator' }),
    users,
  });
  logger.info({ page: `${config.publicUrl}/emulator/` }, 'no BOT_TOKEN: using the local Telegram emulator');
  return {
    emulator,
    plugin: emulator.plugin,
    botUsername: emulator.botInfo.username,
    close: () => emulator.close(),
  };
}
