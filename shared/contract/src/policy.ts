/**
 * Who may call a route and for what (docs/authorization.md). Each route of the contract declares
 * its policy beside its schemas; the server checks it before the handler runs, so no handler
 * decides access on its own. The service token (the bot, an operator) passes every policy.
 */

/**
 * The caller a route needs:
 * - `public`: anyone, no proof (reference lists);
 * - `service`: the service token only (the bot, an operator);
 * - `user`: any Telegram user with a valid proof;
 * - `bot_user`: a Telegram user the bot knows, not REJECTED;
 * - `registrant`: a bot user whose phone Telegram verified (a shared contact), not REJECTED;
 * - `da`: a VERIFIED development agent;
 * - `reader`: a VERIFIED DA, or a holder of an operator's supervisor or manager grant;
 * - `manager`: a holder of an operator's notification-manager grant.
 */
export type Who = 'public' | 'service' | 'user' | 'bot_user' | 'registrant' | 'da' | 'reader' | 'manager';

/** A field of the request: `params.id`, `query.kebele`, `body.created_by`. */
export type FieldRef = `${'params' | 'query' | 'body'}.${string}`;

/**
 * What a record named by a request field must be to the caller:
 * - `kebele`: a kebele in the caller's area (a DA's own kebele, a grant's area);
 * - `group`: a development group in the caller's area or created by the calling DA;
 * - `farmer`: a farmer whose development group is in scope as above;
 * - `own_da`: the calling DA's own profile, or a profile no account holds yet whose phone_number
 *   is the caller's verified phone (the spec's update_outbound: the organisation's roster);
 * - `own_bot_user`: the caller's own bot user;
 * - `own_report_user`: the caller's own report user profile;
 * - `own_notification`: a notification the caller created;
 * - `registry_kebele`: the calling VERIFIED DA's own kebele, or one in the area of the caller's
 *   supervisor grant (not a manager's: "My farmers" is the registry's keepers');
 * - `registry_farmer`, `registry_reach`, `registry_adoption`: a farmer (a reach or adoption
 *   record, by its farmer) of such a kebele, or one the calling DA registered (recorded).
 */
export type ScopeKind =
  | 'kebele'
  | 'group'
  | 'farmer'
  | 'own_da'
  | 'own_bot_user'
  | 'own_report_user'
  | 'own_notification'
  | 'registry_kebele'
  | 'registry_farmer'
  | 'registry_reach'
  | 'registry_adoption';

export interface Policy {
  who: Who;
  /** Fields that must name the caller: as their DA id, bot user id or Telegram id. */
  self?: { da?: FieldRef[]; bot_user?: FieldRef[]; telegram?: FieldRef[] };
  /** Fields naming records that must be in the caller's scope (absent optional fields pass). */
  scope?: Array<[ScopeKind, FieldRef]>;
  /** For a caller who is not the service: at least one of these fields must be given. */
  oneOf?: FieldRef[];
  /**
   * A phone field that must be the caller's own: the phone Telegram verified for them. A lookup's
   * may be absent, and another's phone is a 403; a `required` one must be given, and anything but
   * the caller's phone is that field's error.
   */
  ownPhone?: { field: FieldRef; required?: true };
  /**
   * The notification target (`location_type`, `location_id`: the body's, or the query's for a
   * read) must be in the area of one of the caller's notification-manager grants; a write with a
   * target (not the removal, `{active:false}`) needs such a grant whatever `who` says.
   */
  target?: true;
  /**
   * The report's area (`query.level`, `query.area`) must lie inside one the caller may see:
   * a DA's kebele, a report user's woreda, a supervisor's or manager's grant (none: 403).
   */
  reportArea?: true;
  /**
   * A keyed create a DA's outbox may send after its proof expired, for LATE_SYNC_DAYS more days
   * (late-sync.ts). Everything else the policy says is still checked, with the caller's state now.
   */
  lateSync?: true;
  /**
   * A record named by two fields, its table (a key of `kinds`) and its id, must be in the
   * caller's scope as that table's scope kind says (a record's history).
   */
  recordScope?: { table: FieldRef; id: FieldRef; kinds: Record<string, ScopeKind> };
}

/** Roles an operator grants (by phone number) with an area; 'all' is national. */
export const GRANT_ROLES = ['notification_manager', 'supervisor'] as const;
export type GrantRole = (typeof GRANT_ROLES)[number];

/** Send-now notifications one manager may create (or re-send) in 24 hours. */
export const SEND_NOW_PER_DAY = 10;

/** Reads a {@link FieldRef} from a parsed request. */
export function readField(
  request: { params?: unknown; query?: unknown; body?: unknown },
  ref: FieldRef,
): unknown {
  const dot = ref.indexOf('.');
  const part = request[ref.slice(0, dot) as 'params' | 'query' | 'body'];
  if (part === null || typeof part !== 'object') return undefined;
  return (part as Record<string, unknown>)[ref.slice(dot + 1)];
}
