// The bench DA of scripts/bench/screens.ts and the calls it times: every read and write of the
// screens (spec §7, and the reports screen), the same on the demo and the national database.
import type { Db } from '@gebere/bot/backend';

/** Fresh pairs for every reach and adoption POST: 100 farmers × 500 advisories per database. */
const BENCH_FARMERS = 100;
const BENCH_ADVISORIES = 500;

/** The DA every call acts as: linked and VERIFIED, in a kebele with a group, on both databases. */
export interface Actor {
  telegramId: number;
  botUserId: number;
  daId: number;
  phone: string;
  region: number;
  zone: number;
  woreda: number;
  kebele: number;
  group: number;
  farmers: number[];
  advisories: number[];
  category: number;
  valueChain: number;
  notification: number;
}

/**
 * The first demo group's kebele and DA (the same on both databases, so each read is the same
 * read), with 100 farmers added to the group (a national group has ~88) and 500 region-level
 * advisories with no value chain (no screen's filtered list shows them) for fresh record pairs.
 */
export async function actorOf(db: Db): Promise<Actor> {
  const r = await db.query<
    Record<'da' | 'region' | 'zone' | 'woreda' | 'kebele' | 'grp', number> & { phone: string }
  >(
    `select d.id as da, d.phone_number as phone, d.region_id as region, d.zone_id as zone, d.woreda_id as woreda,
       d.kebele_id as kebele, g.id as grp
     from development_groups g join da_profiles d on d.kebele_id = g.kebele_id
     where exists (select 1 from farmers f where f.development_group_id = g.id)
     order by g.id, d.id limit 1`,
  );
  const a = r.rows[0];
  if (!a) throw new Error('no group with farmers');
  const telegramId = 4_999_000_001;
  const user = await db.query<{ id: number }>(
    `insert into bot_users (telegram_id, chat_id, first_name, verification_status, phone_number)
     values ($1, $1, 'Bench DA', 'VERIFIED', '+251' || $2::text)
     on conflict (telegram_id) do update set phone_number = excluded.phone_number returning id`,
    [telegramId, a.phone],
  );
  const botUserId = Number(user.rows[0]?.id);
  // The DA's profile acts through the bench user (whoever held it before lets go).
  await db.query('update bot_users set da_profile_id = null where da_profile_id = $1', [a.da]);
  await db.query('update bot_users set da_profile_id = $1 where id = $2', [a.da, botUserId]);
  await db.query('update da_profiles set created_by = $1 where id = $2', [botUserId, a.da]);
  const farmers = await db.query<{ id: number }>(
    `insert into farmers (farmer_name, father_name, grand_father_name, gender, kebele_id, development_group_id, created_by)
     select 'Chaltu', 'Gemechu', 'Bench ' || g, 'female', $1, $2, $3 from generate_series(1, $4::int) g returning id`,
    [a.kebele, a.grp, a.da, BENCH_FARMERS],
  );
  const advisories = await db.query<{ id: number }>(
    `insert into advisories (code, label, level, region_id)
     select 'BENCH-PAIR-' || g, 'Bench advisory ' || g, 'region', $1 from generate_series(1, $2::int) g returning id`,
    [a.region, BENCH_ADVISORIES],
  );
  const vc = await db.query<{ category: number; vc: number }>(
    'select c.id as category, v.id as vc from value_chain_categories c join value_chains v on v.category_id = c.id order by v.id limit 1',
  );
  const n = await db.query<{ id: number }>(
    `insert into location_notifications (name, message, content_type, location_type, frequency, "interval", created_by)
     values ('Bench', 'Record this week''s reach.', 'reach', 'all', 'weekly', 1, $1) returning id`,
    [botUserId],
  );
  await db.exec('analyze farmers; analyze advisories');
  return {
    telegramId,
    botUserId,
    daId: Number(a.da),
    phone: a.phone,
    region: Number(a.region),
    zone: Number(a.zone),
    woreda: Number(a.woreda),
    kebele: Number(a.kebele),
    group: Number(a.grp),
    farmers: farmers.rows.map((x) => Number(x.id)),
    advisories: advisories.rows.map((x) => Number(x.id)),
    category: Number(vc.rows[0]?.category),
    valueChain: Number(vc.rows[0]?.vc),
    notification: Number(n.rows[0]?.id),
  };
}

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  service?: boolean;
}
export type Scenario = { name: string; read: boolean; call: () => Call };

export function scenarios(a: Actor): Scenario[] {
  let serial = 0; // per database: every reach and adoption pair is new
  const pair = () => {
    const i = serial++;
    return {
      farmer: a.farmers[i % a.farmers.length] as number,
      advisory: a.advisories[Math.floor(i / a.farmers.length) % a.advisories.length] as number,
    };
  };
  const get = (name: string, url: string, service = false): Scenario => ({
    name,
    read: true,
    call: () => ({ method: 'GET', url, service }),
  });
  const post = (name: string, url: string, body: () => unknown): Scenario => ({
    name,
    read: false,
    call: () => ({ method: 'POST', url, body: body() }),
  });
  return [
    get('regions', '/regions/?paginate=false'),
    get('zones of a region', `/zones/?region=${a.region}&paginate=false`),
    get('woredas of a zone', `/woredas/?zone=${a.zone}&paginate=false`),
    get('kebeles of a woreda', `/kebeles/?woreda=${a.woreda}&paginate=false`),
    get('groups of a kebele', `/api/development-groups/?kebele=${a.kebele}&paginate=false`),
    get('farmers of a group', `/api/farmer-profiles/?outbound_development_group=${a.group}&paginate=false`),
    get('farmers for adoption', `/api/farmerlist-adoption/${a.group}/`),
    get('value chains', `/api/value-chains/${a.category}/?kebele_id=${a.kebele}`),
    get('practices', `/api/practices/?value_chain_id=${a.valueChain}&kebele_id=${a.kebele}`),
    get('advisories by location', `/api/advisory/?value_chain=${a.valueChain}&location=kebele,${a.kebele}`),
    get('DA by phone', `/api/da-profiles/?phone_number=${a.phone}`),
    get(
      'notifications of a creator',
      `/api/location-notifications/by-creator/${a.botUserId}?paginate=false`,
      true,
    ),
    get('notification details', `/api/location-notifications/${a.notification}/details`, true),
    get('report of the kebele', `/api/reports/?level=kebele&area=${a.kebele}`),
    post('POST farmer', '/api/farmer-profiles/', () => ({
      farmer_name: 'Chaltu',
      father_name: 'Gemechu',
      grand_father_name: 'Tolosa',
      phone_number: `97${String((process.pid * 1000 + serial++) % 10_000_000).padStart(7, '0')}`,
      gender: 'female',
      created_by: a.daId,
      kebele: a.kebele,
      development_group: a.group,
    })),
    post('POST reach', '/api/reach-farmers/', () => ({ ...pair(), user: a.daId })),
    post('POST reach batch of 50', '/api/reach-farmers/batch/', () => ({
      user: a.daId,
      records: Array.from({ length: 50 }, pair),
    })),
    post('POST adoption', '/api/adoption/', () => ({
      ...pair(),
      created_by: a.daId,
      adoption_type: 'SELF_REPORTED',
    })),
  ];
}
