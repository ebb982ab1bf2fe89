import { LINK_PARAMS } from '@gebere/contract/auth';
import { parseId } from '@gebere/contract/screens';
import { initialUrl } from '../../lib/launch/proof';
import { getLaunch } from '../../telegram';

/**
 * The Telegram user this launch acts for (spec §3: the report user's created_by), from the
 * same proof the calls carry (lib/launch/proof.ts): Telegram's initData user when there is initData,
 * else the `tg` of the bot's signed link as it was opened. Undefined without either: the
 * backend would refuse the call, so the screen asks to open it again from the bot.
 */
export function actingTelegramUserId(): number | undefined {
  const launch = getLaunch();
  if (launch.rawInitData) return launch.userId;
  const params = new URLSearchParams(initialUrl().search);
  if (!params.has(LINK_PARAMS.signature)) return undefined;
  return parseId(params.get(LINK_PARAMS.user));
}
