import {
  DUPLICATE_OF,
  type DuplicateOf,
  ERROR_CODE,
  farmerFullName,
  NON_FIELD_ERRORS,
  POSSIBLE_DUPLICATE,
} from '@gebere/contract';
import type { Queryable } from '../db/types';
import { FieldErrorSet, HttpError } from '../serving/http-error';
import { message } from '../serving/messages';

/** Transaction locks (two-key form) that serialise the checks on one phone, one kebele's names. */
const PHONE_LOCK = 23_001;
const NAMES_LOCK = 23_002;

export interface FarmerIdentity {
  /** The normalised phone to check (null: none given, or not changed). */
  phone: string | null;
  /** The three names to check (null: not changed). */
  names: [string, string, string] | null;
  /** The kebele the farmer is (to be) registered in. */
  kebele: number;
  /** The DA confirmed "register anyway" after a possible duplicate. */
  registerAnyway: boolean;
  /** The farmer being corrected, who is no duplicate of themself. */
  except?: number;
}

/**
 * The registry keeps one farmer per person (docs/decisions.md "No duplicate farmers"), among
 * farmers not retired:
 * - a phone already registered is that field's error: naming the farmer's group when they are in
 *   this kebele, and nothing at all (no name, no kebele) when they are in another;
 * - the same three names in this kebele (compared without case, accents or extra spaces:
 *   migration 23's `farmer_name_key`) is a 400 with `error_code: possible_duplicate` naming the
 *   farmer found, unless the DA confirmed `register_anyway`.
 * Runs in the write's transaction, which it locks on the phone and then on the names (always in
 * that order), so two registrations of the same person cannot both pass on PostgreSQL: the second
 * waits for the first to commit and then finds it.
 */
export async function checkDuplicates(db: Queryable, who: FarmerIdentity): Promise<void> {
  const except = who.except ?? 0;
  if (who.phone !== null) {
    await db.query('select pg_advisory_xact_lock($1, hashtext($2))', [PHONE_LOCK, who.phone]);
    const r = await db.query<{ kebele_id: number; group_name: string }>(
      `select f.kebele_id, g.group_name from farmers f join development_groups g on g.id = f.development_group_id
       where f.phone_number = $1 and f.retired_at is null and f.id <> $2 order by f.id limit 1`,
      [who.phone, except],
    );
    const found = r.rows[0];
    if (found) {
      const errors = new FieldErrorSet();
      if (Number(found.kebele_id) === who.kebele)
        errors.add('phone_number', 'phone_registered_in_group', { group: found.group_name });
      else errors.add('phone_number', 'phone_registered_elsewhere');
      throw errors.toError();
    }
  }
  if (who.names === null) return;
  const [a, b, c] = who.names;
  await db.query(
    `select pg_advisory_xact_lock($1, hashtext($2::bigint || ':' || farmer_name_key($3, $4, $5)))`,
    [NAMES_LOCK, who.kebele, a, b, c],
  );
  if (who.registerAnyway) return;
  const r = await db.query<DuplicateOf>(
    `select f.id, f.farmer_name, f.father_name, f.grand_father_name, f.development_group_id as development_group,
       g.group_name
     from farmers f join development_groups g on g.id = f.development_group_id
     where f.kebele_id = $1 and farmer_name_key(f.farmer_name, f.father_name, f.grand_father_name)
       = farmer_name_key($2, $3, $4) and f.retired_at is null and f.id <> $5
     order by f.id limit 1`,
    [who.kebele, a, b, c, except],
  );
  const found = r.rows[0];
  if (!found) return;
  const duplicate: DuplicateOf = {
    ...found,
    id: Number(found.id),
    development_group: Number(found.development_group),
  };
  const name = farmerFullName(found);
  throw new HttpError(400, (lang) => ({
    [NON_FIELD_ERRORS]: [message(lang, 'possible_duplicate', { name, group: found.group_name })],
    [ERROR_CODE]: POSSIBLE_DUPLICATE,
    [DUPLICATE_OF]: duplicate,
  }));
}
