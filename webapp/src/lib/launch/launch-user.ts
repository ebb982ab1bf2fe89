import { LINK_PARAMS } from '@gebere/contract/auth';
import { getLaunch } from './launch';

/**
 * Whose data the phone keeps (the offline read cache, form drafts): the Telegram user of the
 * launch's initData, else of the bot's signed link (`tg`); undefined without either. Neither is
 * verified here (only the server can): this keeps one user's data from showing to the next user
 * of a shared phone, not from someone who forges their launch (docs/authorization.md "Offline
 * data on the phone").
 */
export function launchUser(): string | undefined {
  const id = getLaunch().userId;
  if (id !== undefined) return String(id);
  const link = new URLSearchParams(window.location.search);
  return link.has(LINK_PARAMS.signature) ? (link.get(LINK_PARAMS.user) ?? undefined) : undefined;
}
