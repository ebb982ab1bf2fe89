import {
  type AdminLevel,
  type FieldRef,
  type HeldGrant,
  linkGrants,
  type Policy,
  REPORT_LEVELS,
  type ReportLevel,
  type RouteName,
  readField,
  type ScopeKind,
  type Who,
} from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { Queryable } from '../db/types';
import { ancestorsOf } from '../routes/areas';
import type { Actor, ActorBotUser, ActorDa } from './actor-source';
import { detailError, FieldErrorSet } from './http-error';
import type { MessageKey } from './messages';
import { checkRegistryScope } from './registry-scope';

/**
 * The one place that decides what a proven caller may do (docs/authorization.md), from the
 * policy each route declares in the contract. serve() calls {@link checkWho} before parsing (a
 * caller who may not use a route learns nothing about its input rules) and {@link checkPolicy}
 * after, before the handler. The service token passes everything.
 */

export type UserActor = Extract<Actor, { kind: 'user' }>;
const deny = (key: MessageKey, vars?: Record<string, string | number>) => detailError(403, key, vars);

/** An area, as far down as it goes (a kebele has all four). */
export interface Place {
  region: number | null;
  zone: number | null;
  woreda: number | null;
  kebele: number | null;
}

/** Does a grant's area contain the place? 'all' contains everything. */
export function grantCovers(grant: Pick<HeldGrant, 'location_type' | 'location_id'>, place: Place): boolean {
  if (grant.location_type === 'all') return true;
  return place[grant.location_type] === grant.location_id;
}

const READ_ROLES = new Set(['supervisor', 'notification_manager']);

/** Who acts as a DA (docs/authorization.md): a bot user linked to a DA profile, and VERIFIED. */
export function isVerifiedDa(actor: UserActor): actor is UserActor & { da: ActorDa; botUser: ActorBotUser } {
  return actor.da !== undefined && actor.botUser?.status === 'VERIFIED';
}

const managerGrants = (actor: UserActor) =>
  (actor.botUser?.grants ?? []).filter((g) => g.role === 'notification_manager');

/**
 * Throws the 403 that tells the caller why they are not who the route needs. A `write` (any method
 * but GET) is refused to a REJECTED user whatever the route's `who`: they write nothing, not even
 * where any Telegram user may (a report-user profile).
 */
export function checkWho(actor: Actor | null, who: Who, write = false): void {
  if (who === 'public' || actor === null || actor.kind === 'service') return;
  if (who === 'service') throw deny('forbidden');
  if (write && actor.botUser?.status === 'REJECTED') throw deny('da_rejected');
  if (who === 'user') return;
  const bot = actor.botUser;
  if (!bot) throw deny('unknown_user');
  if (bot.status === 'REJECTED') throw deny('da_rejected');
  if (who === 'bot_user') return;
  if (who === 'manager') {
    if (managerGrants(actor).length === 0) throw deny('not_manager');
    return;
  }
  if (who === 'registrant') {
    if (!bot.phone_number) throw deny('phone_not_shared');
    return;
  }
  if (who === 'reader' && (bot.grants ?? []).some((g) => READ_ROLES.has(g.role))) return;
  if (!actor.da) throw deny(bot.phone_number ? 'not_a_da' : 'phone_not_shared');
  if (bot.status !== 'VERIFIED') throw deny('da_pending');
}

const PLACE_COLUMNS = 'k.id as kebele, k.woreda_id as woreda, w.zone_id as zone, z.region_id as region';
const PLACE_JOINS = 'join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id';
type PlaceRow = Place & { created_by: number | null; id: number };

const SCOPE_SQL = {
  kebele: `select k.id, null::bigint as created_by, ${PLACE_COLUMNS} from kebeles k ${PLACE_JOINS}
           where k.id = any($1::bigint[])`,
  group: `select g.id, g.created_by, ${PLACE_COLUMNS} from development_groups g
          join kebeles k on k.id = g.kebele_id ${PLACE_JOINS} where g.id = any($1::bigint[])`,
  farmer: `select f.id, g.created_by, ${PLACE_COLUMNS} from farmers f
           join development_groups g on g.id = f.development_group_id
           join kebeles k on k.id = g.kebele_id ${PLACE_JOINS} where f.id = any($1::bigint[])`,
} as const;

/**
 * Which of these kebeles, groups or farmers the caller may see (`read`) or write for. A DA works
 * in their own kebele and on the groups they created; an operator's grant lets its holder read
 * (never write) within its area. Ids that name nothing are left to the handler (400 or 404).
 */
export async function allowedIds(
  q: Queryable,
  actor: Actor,
  kind: keyof typeof SCOPE_SQL,
  ids: readonly number[],
  read: boolean,
): Promise<{ allowed: Set<number>; unknown: Set<number> }> {
  const unique = [...new Set(ids)];
  if (actor.kind === 'service') return { allowed: new Set(unique), unknown: new Set() };
  const r = await q.query<PlaceRow>(SCOPE_SQL[kind], [unique]);
  const allowed = new Set<number>();
  const found = new Set<number>();
  const da = isVerifiedDa(actor) ? actor.da : null;
  const grants = read ? (actor.botUser?.grants ?? []).filter((g) => READ_ROLES.has(g.role)) : [];
  for (const row of r.rows) {
    const id = Number(row.id);
    found.add(id);
    const place: Place = {
      region: Number(row.region),
      zone: Number(row.zone),
      woreda: Number(row.woreda),
      kebele: Number(row.kebele),
    };
    const own = da !== null && (da.kebele === place.kebele || Number(row.created_by) === da.id);
    if (own || grants.some((g) => grantCovers(g, place))) allowed.add(id);
  }
  return { allowed, unknown: new Set(unique.filter((id) => !found.has(id))) };
}

const OWNER_SQL = {
  own_report_user: 'select created_by as owner from report_users where id = $1',
  own_notification: 'select created_by as owner from location_notifications where id = $1',
} as const;

async function checkScope(
  q: Queryable,
  actor: UserActor,
  kind: ScopeKind,
  value: number,
  read: boolean,
): Promise<void> {
  switch (kind) {
    case 'own_da': {
      if (actor.da?.id === value) return;
      const r = await q.query<{ claimable: boolean }>(
        `select (d.phone_number = $2 and not exists (select 1 from bot_users b where b.da_profile_id = d.id))
           as claimable from da_profiles d where d.id = $1`,
        [value, actor.botUser?.phone_number ?? null],
      );
      const row = r.rows[0];
      if (!row) return; // the handler's 404 (update_outbound falls back to create on it)
      if (!row.claimable) throw deny('not_yourself');
      return;
    }
    case 'own_bot_user':
      if (actor.botUser?.id !== value) throw deny('not_yourself');
      return;
    case 'own_report_user':
    case 'own_notification': {
      const r = await q.query<{ owner: number }>(OWNER_SQL[kind], [value]);
      const row = r.rows[0];
      if (!row) return; // the handler answers 404
      const me = kind === 'own_report_user' ? actor.telegramUserId : actor.botUser?.id;
      if (Number(row.owner) !== me) throw deny('forbidden');
      return;
    }
    case 'registry_kebele':
    case 'registry_farmer':
    case 'registry_reach':
    case 'registry_adoption':
      return checkRegistryScope(q, actor, kind, value);
    default: {
      // A DA's own kebele needs no lookup (the DA's hot path: its groups, its farmers' kebele).
      if (kind === 'kebele' && isVerifiedDa(actor) && actor.da.kebele === value) return;
      const { allowed, unknown } = await allowedIds(q, actor, kind, [value], read);
      if (!allowed.has(value) && !unknown.has(value)) throw deny('out_of_area');
    }
  }
}

/** An area a caller may see reports of; `all` is the whole country. */
export interface ReportScope {
  level: ReportLevel;
  id: number | null;
}

/**
 * The areas whose reports (counts, never names) the caller may see (docs/authorization.md,
 * "Reports"): a VERIFIED DA their kebele; a report user the woreda of their profile; a supervisor
 * or manager their grant's area. Widest first. A REJECTED user none.
 */
export async function reportScopes(q: Queryable, actor: Actor): Promise<ReportScope[]> {
  if (actor.kind === 'service') return [{ level: 'all', id: null }];
  if (actor.botUser?.status === 'REJECTED') return [];
  const scopes: ReportScope[] = [];
  for (const g of actor.botUser?.grants ?? [])
    if (READ_ROLES.has(g.role)) scopes.push({ level: g.location_type, id: g.location_id });
  if (isVerifiedDa(actor)) scopes.push({ level: 'kebele', id: actor.da.kebele });
  const r = await q.query<{ woreda: number }>(
    'select woreda_id as woreda from report_users where created_by = $1',
    [actor.telegramUserId],
  );
  for (const row of r.rows) scopes.push({ level: 'woreda', id: Number(row.woreda) });
  return scopes.sort((a, b) => REPORT_LEVELS.indexOf(a.level) - REPORT_LEVELS.indexOf(b.level));
}

/** Does a scope contain the place (an area and its parents; `all`'s place has none)? */
export const scopeCovers = (scope: ReportScope, place: Place): boolean =>
  scope.level === 'all' || place[scope.level] === scope.id;

/** The place of a report's area, or null when no such area exists. */
export async function reportPlace(
  q: Queryable,
  level: ReportLevel,
  id: number | null,
): Promise<Place | null> {
  if (level === 'all') return { region: null, zone: null, woreda: null, kebele: null };
  if (id === null) return null;
  const found = await ancestorsOf(q, level, id);
  if (!found) return null;
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    region: n(found.region_id),
    zone: n(found.zone_id),
    woreda: n(found.woreda_id),
    kebele: n(found.kebele_id),
  };
}

/** The report's area must lie inside one of the caller's scopes (an unknown area: the handler's 404). */
async function checkReportArea(q: Queryable, actor: UserActor, query: unknown): Promise<void> {
  const scopes = await reportScopes(q, actor);
  if (actor.botUser?.status === 'REJECTED') throw deny('da_rejected');
  if (scopes.length === 0) throw deny('no_report_scope');
  const { level, area } = (query ?? {}) as { level?: ReportLevel; area?: number };
  if (level === undefined) return; // the handler shows the widest scope
  const place = await reportPlace(q, level, area ?? null);
  if (!place) return;
  if (!scopes.some((s) => scopeCovers(s, place))) throw deny('out_of_area');
}

const phoneOf = (v: unknown) => (typeof v === 'string' ? normalizePhone(v) : null);

/**
 * A notification's target must lie in one of the manager's areas; 'all' needs a national grant,
 * and so does a paid broadcast. The target is the body's (a removal, `{active:false}`, has none),
 * or the query's for a read (the recipients count).
 */
async function checkTarget(q: Queryable, actor: UserActor, input: Parsed, read: boolean): Promise<void> {
  const fields = read ? input.query : input.body;
  if (fields === null || typeof fields !== 'object') return;
  if (!read && !('name' in fields)) return; // {active:false}: the creator's, grant or not
  const b = fields as { location_type?: string; location_id?: number | null; paid_broadcast?: boolean };
  const grants = managerGrants(actor);
  if (grants.length === 0) throw deny('not_manager');
  // A paid broadcast spends the bot's Stars: national managers only, whatever the target.
  if (b.paid_broadcast === true && !grants.some((g) => g.location_type === 'all'))
    throw deny('paid_needs_national_grant');
  const type = b.location_type ?? 'all';
  if (type === 'all') {
    if (!grants.some((g) => g.location_type === 'all')) throw deny('national_needs_grant');
    return;
  }
  if (typeof b.location_id !== 'number') return; // the schema or handler reports it
  const found = await ancestorsOf(q, type as AdminLevel, b.location_id);
  if (!found) return; // unknown area: the handler's 400
  const id = (v: number | null) => (v === null ? null : Number(v));
  const place: Place = {
    region: id(found.region_id),
    zone: id(found.zone_id),
    woreda: id(found.woreda_id),
    kebele: id(found.kebele_id),
  };
  if (!grants.some((g) => grantCovers(g, place))) throw deny('target_outside_area');
}

/**
 * A signed link grants only the calls of its screen, with its own parameters (the contract's
 * screen registry): each bound field must equal its link parameter, or one of its values for a
 * list parameter.
 */
function checkLink(actor: UserActor, name: RouteName, input: Parsed): void {
  if (actor.link && !linkGrants(actor.link, name, input)) throw deny('link_scope');
}

type Parsed = { params?: unknown; query?: unknown; body?: unknown };

/** Everything a policy says beyond who: self fields, scopes, phones, target, and the link's screen. */
export async function checkPolicy(
  q: Queryable,
  actor: Actor | null,
  name: RouteName,
  method: string,
  policy: Policy,
  input: Parsed,
): Promise<void> {
  if (actor === null || actor.kind === 'service') return;
  const read = method === 'GET';
  if (policy.oneOf?.every((ref) => readField(input, ref) === undefined))
    throw new FieldErrorSet()
      .add('non_field_errors', 'one_of_required', {
        fields: policy.oneOf.map((r) => r.slice(r.indexOf('.') + 1)).join(', '),
      })
      .toError();
  const self = policy.self ?? {};
  const mine: Record<keyof typeof self, number | undefined> = {
    da: actor.da?.id,
    bot_user: actor.botUser?.id,
    telegram: actor.telegramUserId,
  };
  for (const [as, refs] of Object.entries(self) as Array<[keyof typeof self, FieldRef[]]>)
    for (const ref of refs) {
      const value = readField(input, ref);
      if (value !== undefined && value !== mine[as]) throw deny('not_yourself');
    }
  if (policy.ownPhone) {
    const { field, required } = policy.ownPhone;
    const phone = phoneOf(readField(input, field));
    // Only the phone Telegram verified: a profile's second phone is whatever its DA typed.
    if (phone === null ? required : phone !== phoneOf(actor.botUser?.phone_number)) {
      if (!required) throw deny('not_your_phone');
      throw new FieldErrorSet()
        .add(field.slice(field.indexOf('.') + 1), 'telegram_phone_not_verified')
        .toError();
    }
  }
  for (const [kind, ref] of policy.scope ?? []) {
    const value = readField(input, ref);
    if (typeof value === 'number') await checkScope(q, actor, kind, value, read);
  }
  if (policy.recordScope) {
    const { table, id, kinds } = policy.recordScope;
    const kind = kinds[String(readField(input, table))];
    const value = readField(input, id);
    if (kind && typeof value === 'number') await checkScope(q, actor, kind, value, read);
  }
  if (policy.target) await checkTarget(q, actor, input, read);
  if (policy.reportArea) await checkReportArea(q, actor, input.query);
  checkLink(actor, name, input);
}
