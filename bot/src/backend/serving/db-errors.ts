import { isPgError } from '../db/types';
import { FieldErrorSet, type HttpError } from './http-error';

/**
 * Payload field of each constraint a request can trip. Handlers check what they can before
 * writing; this is the net for races and for whatever a check missed, so a constraint is a 400
 * on the right field and never a 500.
 */
const FIELD_OF_CONSTRAINT: Record<string, string> = {
  da_profiles_phone_number_key: 'phone_number',
  da_profiles_telegram_phone_number_key: 'telegram_phone_number',
  da_profiles_region_fkey: 'region',
  da_profiles_zone_fkey: 'zone',
  da_profiles_woreda_fkey: 'woreda',
  da_profiles_kebele_fkey: 'kebele',
  da_profiles_role_fkey: 'role',
  da_profiles_created_by_fkey: 'created_by',
  report_users_created_by_key: 'created_by',
  report_users_region_fkey: 'region',
  report_users_zone_fkey: 'zone',
  report_users_woreda_fkey: 'woreda',
  development_groups_kebele_fkey: 'kebele',
  development_groups_created_by_fkey: 'created_by',
  farmers_kebele_fkey: 'kebele',
  farmers_development_group_fkey: 'development_group',
  farmers_created_by_fkey: 'created_by',
  feedback_user_fkey: 'user',
  feedback_question_fkey: 'feedback_question',
  reach_records_farmer_fkey: 'farmer',
  reach_records_advisory_fkey: 'advisory',
  reach_records_created_by_fkey: 'user',
  adoption_records_farmer_fkey: 'farmer',
  adoption_records_advisory_fkey: 'advisory',
  adoption_records_created_by_fkey: 'created_by',
  location_notifications_region_fkey: 'region_id',
  location_notifications_zone_fkey: 'zone_id',
  location_notifications_woreda_fkey: 'woreda_id',
  location_notifications_kebele_fkey: 'kebele_id',
  location_notifications_created_by_fkey: 'created_by',
  bot_users_da_profile_fkey: 'da_profile',
  bot_users_telegram_id_key: 'telegram_id',
};

/** `Key (farmer_id)=(123) is not present…` → `123`. */
const keyValue = (detail: string | undefined) => /\)=\((.*)\)/.exec(detail ?? '')?.[1] ?? '';

/** A PostgreSQL error caused by the request's data, as a 400; anything else is left alone. */
export function httpErrorFromDb(error: unknown): HttpError | null {
  if (!isPgError(error)) return null;
  const field = (error.constraint && FIELD_OF_CONSTRAINT[error.constraint]) || 'non_field_errors';
  const errors = new FieldErrorSet();
  switch (error.code) {
    case '23503': // foreign_key_violation
      errors.invalidPk(field, keyValue(error.detail));
      break;
    case '23505': // unique_violation
      errors.add(field, 'unique', { field }); // worded per language by messages.ts
      break;
    // Values the schema should have stopped: a 400 still, never a 500.
    case '23502': // not_null_violation
      errors.add(error.column ?? 'non_field_errors', 'required');
      break;
    case '23514': // check_violation
    case '22001': // string_data_right_truncation
    case '22003': // numeric_value_out_of_range
    case '22P02': // invalid_text_representation
    case '22021': // character_not_in_repertoire (NUL bytes)
    case '54000': // program_limit_exceeded (index row too big)
      errors.add(field, 'invalid');
      break;
    default:
      return null;
  }
  return errors.toError();
}

/** Seconds a client is asked to wait when the database is unreachable (Retry-After). */
export const DB_RETRY_AFTER_SECONDS = 5;

/** node's socket errors: the database server is not there (yet) or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Messages of node-postgres and PGlite that mean "no database right now", not "bad query". */
const UNAVAILABLE_MESSAGES = [
  /^PGlite is clos(ed|ing)$/,
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool$/,
  /not queryable/,
  /^Client was closed and is not queryable$/,
];

/**
 * The database cannot answer at all (down, restarting, unreachable, out of connections, closed
 * for shutdown): the request was fine and a retry later may work, so 503 with Retry-After rather
 * than 500. SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, starting up) and
 * 53300 (too many connections).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
  }
  // node's AggregateError of every address tried (localhost as ::1 and 127.0.0.1).
  if (Array.isArray(errors) && errors.length && errors.every(isDatabaseUnavailable)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message));
}
