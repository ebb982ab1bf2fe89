import { createActorResolver, type Actor as GenericActor, type ProofOptions } from '../../auth/index';
import type { Db } from '../db/types';

/** What the backend keeps of the acting Telegram user. */
export interface ActorBotUser {
  id: number;
  telegram_id: number;
  phone_number: string | null;
}
export interface ActorDa {
  id: number;
  phone_number: string;
  telegram_phone_number: string;
}
export type Actor = GenericActor<ActorBotUser, ActorDa>;

const LOOKUP_SQL = `
  select b.id, b.telegram_id, b.phone_number,
         d.id as da_id, d.phone_number as da_phone, d.telegram_phone_number as da_telegram_phone
  from bot_users b left join da_profiles d on d.id = b.da_profile_id
  where b.telegram_id = $1`;

type Row = ActorBotUser & { da_id: number | null; da_phone: string | null; da_telegram_phone: string | null };
type Found = { botUser: ActorBotUser; da: ActorDa | null } | null;

export interface ActorSource {
  /** Throws 401 errors; synchronous when the proof and the lookup are cached. */
  resolve: (request: { headers: { authorization?: string | undefined } }) => Actor | Promise<Actor>;
  /** Call after a write that changes who a Telegram user is (bot user, DA link, DA phones). */
  invalidate: () => void;
}

/**
 * The actor of each request, with the bot user and DA looked up by Telegram id. Lookups are kept
 * for `ttlMs` so a screen's calls cost no extra query; this process's own writes clear the cache
 * at once, and another process's writes are seen within `ttlMs` (they only ever link a DA,
 * which grants, so a short delay denies nothing that was allowed).
 */
export function createActorSource(db: Db, proof: ProofOptions, ttlMs = 5_000): ActorSource {
  const cache = new Map<number, { found: Found; until: number }>();
  const load = async (telegramId: number, now: number): Promise<Found> => {
    const r = await db.query<Row>(LOOKUP_SQL, [telegramId]);
    const row = r.rows[0];
    const found: Found = row
      ? {
          botUser: { id: row.id, telegram_id: row.telegram_id, phone_number: row.phone_number },
          da:
            row.da_id === null
              ? null
              : {
                  id: row.da_id,
                  phone_number: row.da_phone ?? '',
                  telegram_phone_number: row.da_telegram_phone ?? '',
                },
        }
      : null;
    if (cache.size > 10_000) cache.clear();
    cache.set(telegramId, { found, until: now + ttlMs });
    return found;
  };
  const lookup = (telegramId: number): Found | Promise<Found> => {
    const hit = cache.get(telegramId);
    const now = Date.now();
    return hit && hit.until > now ? hit.found : load(telegramId, now);
  };
  const resolve = createActorResolver<ActorBotUser, ActorDa>({ ...proof, lookup });
  return { resolve, invalidate: () => cache.clear() };
}
