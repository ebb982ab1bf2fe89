import type { Config } from '../config';
import type { Logger } from '../log';

/**
 * The local Telegram (@gebere/telegram-emulator) for runs without BOT_TOKEN. Imported lazily: a
 * deployment with a real bot never loads it.
 */
export async function startEmulator(config: Config, logger: Logger) {
  const { createEmulator } = await import('@gebere/telegram-emulator');
  const emulator = createEmulator({
    token: config.telegram.token,
    logger: logger.child({ part: 'emulator' }),
  });
  logger.info({ page: `${config.publicUrl}/emulator/` }, 'no BOT_TOKEN: using the local Telegram emulator');
  return {
    emulator,
    plugin: emulator.plugin,
    botUsername: emulator.botInfo.username,
    close: () => emulator.close(),
  };
}
