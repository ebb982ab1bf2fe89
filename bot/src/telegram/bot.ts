import type { ApiClient } from '@gebere/api-client';
import type { Language } from '@gebere/i18n';
import { Composer, type Context, type Middleware, type StorageAdapter, session } from 'grammy';
import type { Logger } from '../log';
import { createBackend } from './backend-client';
import { type BotContext, installLanguage, type SessionData } from './context';
import { answerCallbacks, onBotError } from './errors';
import { digestFlow } from './flows/digest';
import { enrolmentFlow } from './flows/enrolment';
import { fallbackFlow } from './flows/fallback';
import { groupPickerFlow } from './flows/group-picker';
import { languageFlow } from './flows/language';
import { menuFlow } from './flows/menu';
import { onboardingFlow } from './flows/onboarding';
import { chosenLanguage, menuAfterResult, resultsFlow } from './flows/results';
import { createLinkMaker, type LinkOptions } from './links';
import type { PendingContacts } from './pending-contacts';
import type { Services } from './user-state';

export { advisoryMessage } from './advisory';
export { configureBotCommands } from './commands';
export type { SessionData } from './context';

export interface BotDeps {
  /** The typed backend client, sending the service token (`Authorization: Bearer …`). */
  api: ApiClient;
  /** PUBLIC_URL, LINK_SECRET and LINK_TTL for signed mini-app links. */
  links: LinkOptions;
  /** Session storage; `createDbSessionStorage(db)` in production (the `bot_sessions` table). */
  sessions: StorageAdapter<SessionData>;
  logger: Logger;
  /** Contacts shared during an outage, applied once the service is back (pending-contacts.ts). */
  pendingContacts?: PendingContacts;
}

/** Sessions per private chat; the prefix leaves room for other keys in `bot_sessions`. */
export const sessionKey = (ctx: Context): string | undefined =>
  ctx.chat ? `chat:${ctx.chat.id}` : undefined;

/**
 * The bot's flows as one middleware for the runtime (bot/src/telegram/runtime.ts), one composer
 * per flow, each inside its own error boundary so a failure answers the user (and the session
 * of that update is still saved); an outer boundary covers the session store itself.
 */
function servicesOf(deps: BotDeps): Services {
  return {
    backend: createBackend(deps.api),
    makeLink: createLinkMaker(deps.links),
    logger: deps.logger,
  };
}

/**
 * For POST /tg/result: what the bot knows of the user that the screen's proof does not, the
 * language they chose in the bot (its summary's language; the launch only has Telegram's
 * `language_code`) and the menu its chat message carries.
 */
export function createHandBackOptions(deps: BotDeps) {
  const services = servicesOf(deps);
  return {
    languageOf: (telegramUserId: number) => chosenLanguage(services, telegramUserId),
    menuFor: (who: { telegramUserId: number; chatId: number }, lang: Language) =>
      menuAfterResult(services, who, lang),
  };
}

/**
 * A chat whose session has no language yet (a new session for a user the bot knows: sessions
 * expired, moved or lost) takes the one saved on the bot user, so every reply is in the language
 * the user chose, not Telegram's. Once per session; while the backend is down, Telegram's.
 */
async function recallLanguage(ctx: BotContext, s: Services): Promise<void> {
  if (!ctx.chat || !ctx.from || ctx.session.lang) return;
  try {
    const lang = await chosenLanguage(s, ctx.from.id);
    if (lang) ctx.session.lang = lang;
  } catch (err) {
    s.logger.warn({ err }, 'could not read the saved language');
  }
}

export function createBot(deps: BotDeps): Composer<Context> {
  const services = servicesOf(deps);
  const onError = onBotError(deps.logger, deps.pendingContacts);

  const flows = new Composer<BotContext>();
  flows.use(session({ initial: (): SessionData => ({}), storage: deps.sessions, getSessionKey: sessionKey }));
  flows.use(async (ctx, next) => {
    installLanguage(ctx);
    await recallLanguage(ctx, services);
    return next();
  });
  // Order matters only where two flows could match: the fallback is last.
  for (const flow of [
    onboardingFlow(services),
    resultsFlow(services),
    languageFlow(services),
    groupPickerFlow(services),
    menuFlow(services),
    digestFlow(services),
    enrolmentFlow(services),
    fallbackFlow(services),
  ]) {
    flows.errorBoundary(onError, flow);
  }

  const root = new Composer<Context>();
  root.use(answerCallbacks(deps.logger));
  // `flows` installs ctx.session, ctx.lang and ctx.t before any flow reads them.
  root.errorBoundary(onError, flows as unknown as Middleware<Context>);
  return root;
}
