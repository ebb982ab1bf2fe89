import {
  type ApiClient,
  type ApiError,
  type CallInput,
  type CallOutput,
  isRetryable,
} from '@gebere/api-client';
import {
  asList,
  type BotUser,
  type BotUserPatch,
  type BotUserUpsert,
  type DaProfile,
  type DevelopmentGroup,
  type OutboundDa,
  type RouteName,
} from '@gebere/contract';
import type { Language } from '@gebere/i18n';

/** A backend call that failed; the error boundary turns it into a friendly message. */
export class BackendError extends Error {
  constructor(
    readonly route: RouteName,
    readonly error: ApiError,
  ) {
    super(`${route}: ${error.message}`);
    this.name = 'BackendError';
  }

  /** No answer, a timeout or a 5xx/429: the service is down or struggling, not the request wrong. */
  get unavailable(): boolean {
    return isRetryable(this.error);
  }
}

/**
 * The calls the bot makes, over the typed client (service token), throwing {@link BackendError}
 * instead of returning errors: a handler either gets its data or the error boundary answers.
 */
export function createBackend(api: ApiClient) {
  async function call<N extends RouteName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
    const r = await api.call(name, input);
    if (!r.ok) throw new BackendError(name, r.error);
    return r.data;
  }

  return {
    call,
    upsertBotUser: (body: BotUserUpsert): Promise<BotUser> => call('upsertBotUser', { body }),
    setReportDigest: (telegramId: number, subscribed: boolean) =>
      call('setReportDigest', { body: { telegram_id: telegramId, subscribed } }),
    getReportDigest: (telegramId: number) => call('getReportDigest', { query: { telegram_id: telegramId } }),

    async findBotUser(telegramId: number): Promise<BotUser | null> {
      const data = await call('findBotUsers', { query: { telegram_id: telegramId, paginate: 'false' } });
      return asList(data)[0] ?? null;
    },

    patchBotUser: (id: number, body: BotUserPatch): Promise<BotUser> =>
      call('patchBotUser', { params: { id }, body }),

    /** DA profiles with this phone (as phone_number or telegram_phone_number). */
    async findDas(phone: string): Promise<DaProfile[]> {
      return asList(await call('findDaProfiles', { query: { phone_number: phone, paginate: 'false' } }));
    },

    /**
     * The spec's second lookup path (`/development-agents/`): DA profiles, then the organisation's
     * roster (`gebere import roster`).
     */
    async findOutboundDas(phone: string): Promise<OutboundDa[]> {
      return asList(
        await call('findDevelopmentAgents', { query: { phone_number: phone, paginate: 'false' } }),
      );
    },

    /**
     * The groups a DA records for: those the DA created plus every group of the DA's kebele
     * (imported groups have no creator; a colleague's group in the same kebele counts too), by
     * name as the DA's language sorts names (Ethiopic first in Amharic).
     */
    async groupsOf(da: { id: number; kebele: number }, lang: Language): Promise<DevelopmentGroup[]> {
      const [own, local] = await Promise.all([
        call('listDevelopmentGroups', { query: { created_by: da.id, paginate: 'false' } }),
        call('listDevelopmentGroups', { query: { kebele: da.kebele, paginate: 'false' } }),
      ]);
      const byId = new Map<number, DevelopmentGroup>();
      for (const g of [...asList(own), ...asList(local)]) byId.set(g.id, g);
      const { compare } = new Intl.Collator(lang);
      return [...byId.values()].sort((a, b) => compare(a.group_name, b.group_name) || a.id - b.id);
    },
  };
}

export type Backend = ReturnType<typeof createBackend>;
