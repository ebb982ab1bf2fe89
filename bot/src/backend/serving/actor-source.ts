import type { HeldGrant, VerificationStatus } from '@gebere/contract';
import {
  type ActorResolver,
  createActorResolver,
  createProofReader,
  type Actor as GenericActor,
  type ProofOptions,
  type ProofResult,
} from '../../auth/index';
import type { Db, Queryable } from '../db/types';

/** What the backend keeps of the acting Telegram user. */
export interface ActorBotUser {
  id: number;
  telegram_id: number;
  /** The phone Telegram verified (a shared contact); null until then. */
  phone_number: string | null;
  status: VerificationStatus;
  /** Operator grants on `phone_number` (docs/authorization.md). */
  grants: HeldGrant[];
}
export interface ActorDa {
  id: number;
  phone_number: string;
  telegram_phone_number: string;
  region: number;
  zone: number;
  woreda: number;
  kebele: number;
}
export type Actor = GenericActor<ActorBotUser, ActorDa>;

const LOOKUP_SQL = `
  select b.id, b.telegram_id, b.phone_number, b.verification_status as status,
         d.id as da_id, d.phone_number as da_phone, d.telegram_phone_number as da_telegram_phone,
         d.region_id, d.zone_id, d.woreda_id, d.kebele_id,
         (select coalesce(json_agg(json_build_object('role', g.role, 'location_type', g.location_type,
                    'location_id', g.location_id)), '[]'::json)
          from role_grants g where g.phone_number = b.phone_number) as grants
  from bot_users b left join da_profiles d on d.id = b.da_profile_id
  where b.telegram_id = $1`;

type Row = Omit<ActorBotUser, 'grants'> & {
  grants: HeldGrant[] | string;
  da_id: number | null;
  da_phone: string | null;
  da_telegram_phone: string | null;
  region_id: number | null;
  zone_id: number | null;
  woreda_id: number | null;
  kebele_id: number | null;
};
type Found = { botUser: ActorBotUser; da: ActorDa | null } | null;

const n = (v: unknown) => Number(v);

function toFound(row: Row | undefined): Found {
  if (!row) return null;
  const grants = (typeof row.grants === 'string' ? JSON.parse(row.grants) : row.grants) as HeldGrant[];
  return {
    botUser: {
      id: n(row.id),
      telegram_id: n(row.telegram_id),
      phone_number: row.phone_number,
      status: row.status,
      grants: grants.map((g) => ({ ...g, location_id: g.location_id === null ? null : n(g.location_id) })),
    },
    da:
      row.da_id === null
        ? null
        : {
            id: n(row.da_id),
            phone_number: row.da_phone ?? '',
            telegram_phone_number: row.da_telegram_phone ?? '',
            region: n(row.region_id),
            zone: n(row.zone_id),
            woreda: n(row.woreda_id),
            kebele: n(row.kebele_id),
          },
  };
}

export interface ActorSource {
  /** Throws 401 errors; synchronous when the proof and the lookup are cached. */
  resolve: ActorResolver<ActorBotUser, ActorDa>;
  /** Call after a write that changes who a Telegram user is (bot user, DA link, status, grants). */
  invalidate: () => void;
  /** The proof of an `Authorization` header alone, from the same cache `resolve` reads. */
  readProof: (authorization: string | undefined) => ProofResult;
}

/**
 * The actor of each request, with the bot user, DA and grants looked up by Telegram id. Lookups
 * are kept for `ttlMs` so a screen's calls cost no extra query; this process's own writes clear
 * the cache at once, and another process's writes (a copy behind the same load balancer) are
 * seen within `ttlMs`: a revoked grant or a REJECTED status may still pass for that long.
 */
export function createActorSource(db: Db, proof: ProofOptions, ttlMs = 5_000): ActorSource {
  const cache = new Map<number, { found: Found; until: number }>();
  const load = async (telegramId: number, now: number): Promise<Found> => {
    const r = await db.query<Row>(LOOKUP_SQL, [telegramId]);
    const found = toFound(r.rows[0]);
    if (cache.size > 10_000) cache.clear();
    cache.set(telegramId, { found, until: now + ttlMs });
    return found;
  };
  const lookup = (telegramId: number): Found | Promise<Found> => {
    const hit = cache.get(telegramId);
    const now = Date.now();
    return hit && hit.until > now ? hit.found : load(telegramId, now);
  };
  const readProof = createProofReader(proof);
  const resolve = createActorResolver<ActorBotUser, ActorDa>({ ...proof, lookup, readProof });
  return { resolve, invalidate: () => cache.clear(), readProof };
}

/**
 * Who a Telegram user is now, read fresh (no cache): for work done outside a request on their
 * behalf, such as the weekly report digest re-checking the subscriber's report scope at send time.
 */
export async function loadActor(db: Queryable, telegramId: number): Promise<Actor> {
  const found = toFound((await db.query<Row>(LOOKUP_SQL, [telegramId])).rows[0]);
  return {
    kind: 'user',
    telegramUserId: telegramId,
    ...(found ? { botUser: found.botUser } : {}),
    ...(found?.da ? { da: found.da } : {}),
  };
}
