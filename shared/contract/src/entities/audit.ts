import { z } from 'zod';
import { id, paginateQuery } from '../common';
import { locationType } from '../enums';
import { isDay } from '../reports';

/**
 * The audit trail (docs/authorization.md "Audit trail"): one row per record a write created,
 * changed or removed, with who asked, through which proof and route.
 */

/**
 * Service-token callers may say who they are, for the audit trail only (the token is the trust;
 * these are its holder's own labels): the gebere command sends the command and the OS user, the
 * bot the Telegram user it acts for. The operator label is percent-encoded UTF-8 (a header is
 * Latin-1; a file name may be Amharic).
 */
export const OPERATOR_HEADER = 'X-Gebere-Operator';
export const ACTING_FOR_HEADER = 'X-Gebere-Acting-For';
/** The longest operator label kept; longer ones are cut. */
export const OPERATOR_LABEL_MAX = 200;

/** The tables under the audit trail (migration 16's `audit_attach`). */
export const AUDITED_TABLES = [
  'farmers',
  'development_groups',
  'da_profiles',
  'bot_users',
  'report_users',
  'reach_records',
  'adoption_records',
  'feedback',
  'location_notifications',
  'role_grants',
  'da_roster',
  'da_roles',
  'da_enrolments',
  'value_chain_categories',
  'value_chains',
  'practices',
  'sub_practices',
  'advisories',
  'feedback_questions',
  'feedback_choices',
  'regions',
  'zones',
  'woredas',
  'kebeles',
] as const;
export const auditedTable = z.enum(AUDITED_TABLES);

export const AUDIT_ACTORS = ['user', 'bot', 'operator', 'system'] as const;
export const AUDIT_ACTIONS = ['insert', 'update', 'delete', 'restore'] as const;

const fields = z.record(z.string(), z.unknown()).nullable();
// The reports' day and its message (server namespace, en/am/om).
const day = z
  .string()
  .refine(isDay, { message: 'report_day_invalid', params: { code: 'report_day_invalid' } });

/** One row of the trail, as stored (phones as the tables store them: the operator's CLI masks them). */
export const auditRow = z.object({
  id,
  at: z.string(),
  actor: z.enum(AUDIT_ACTORS),
  proof: z.string().nullable(),
  late_sync: z.boolean(),
  screen: z.string().nullable(),
  telegram_id: z.number().nullable(),
  bot_user_id: z.number().nullable(),
  da_id: z.number().nullable(),
  phone: z.string().nullable(),
  operator: z.string().nullable(),
  route: z.string().nullable(),
  request_id: z.string().nullable(),
  table: z.string(),
  record_id: z.number().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  before: fields,
  after: fields,
});
export type AuditRow = z.infer<typeof auditRow>;

/** `gebere audit`'s filters; the newest `limit` rows that match, oldest first. */
export const auditQuery = z
  .object({
    phone_number: z.string().min(1).max(32).optional(),
    table: auditedTable.optional(),
    record_id: id.optional(),
    location_type: locationType.optional(),
    location_id: id.optional(),
    from: day.optional(),
    to: day.optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(100),
  })
  .strict();

/** Records whose history a reader may see, and the table each is kept in. */
export const HISTORY_TABLES = { farmer: 'farmers', development_group: 'development_groups' } as const;
export const historyTable = z.enum(['farmer', 'development_group']);
export type HistoryTable = z.infer<typeof historyTable>;

export const historyQuery = paginateQuery.extend({ table: historyTable, id });

/**
 * One change of a record, for a reader of its area: who by name when a DA (never a phone), an
 * operator or the system as such, anyone else by a masked phone.
 */
export const historyEntry = z.object({
  id,
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  who: z.object({
    actor: z.enum(AUDIT_ACTORS),
    da_id: z.number().nullable(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  proof: z.string().nullable(),
  late_sync: z.boolean(),
  screen: z.string().nullable(),
  route: z.string().nullable(),
  before: fields,
  after: fields,
});
export type HistoryEntry = z.infer<typeof historyEntry>;
