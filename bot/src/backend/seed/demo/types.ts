import type { Gender, GroupType } from '@gebere/contract';

/**
 * The demo's people and what they did, as plain data: what only the seed makes (the content and
 * the roster are the sample import files, samples/*.csv). Records point at each other by `ref`
 * (stable, readable keys such as `da-abebe`), never by database id; at the content by its code.
 */

/**
 * A demo DA: their roster row (samples/roster.csv, by phone) gives the profile's names, sex,
 * kebele and role, as the organisation listed them.
 */
export interface DemoDa {
  ref: string;
  /** As the roster has it: 09 or 07 and 8 digits; the backend normalises on insert. */
  phone_number: string;
  /** The Telegram account's phone, when it is another SIM than the work phone. */
  telegram_phone_number?: string;
  /** An operator's notification-manager grant over the DA's region (docs/authorization.md). */
  regionManager?: true;
}

export interface DemoGroup {
  ref: string;
  group_name: string;
  group_type: GroupType;
  /** Ref of the DemoDa who made the group, in their kebele. */
  created_by: string;
  /** Days before the seed the group was formed (its `created_at`). */
  formed_days_ago: number;
}

export interface DemoFarmer {
  ref: string;
  farmer_name: string;
  father_name: string;
  /** The legacy data has the literal `nan` for unknown names; one demo farmer keeps it. */
  grand_father_name: string;
  phone_number: string;
  gender: Gender;
  /** Ref of a DemoGroup: the farmer's kebele and registering DA are the group's. */
  development_group: string;
  created_by: string;
  /** Days before the seed the farmer was registered: on or after the group was formed. */
  registered_days_ago: number;
}

/**
 * A meeting where a group's DA gave it one advisory: a reach record for each farmer there, and
 * adoption records for those who later said they adopted it. Dated in days before the seed, so
 * a demo report always has weeks to show (docs/tour.md).
 */
export interface DemoSession {
  /** Ref of a DemoGroup; its DA records the reach. */
  group: string;
  /** Code of an advisory (samples/advisories.csv) reaching the group's kebele, the newest of its sub-practice there. */
  advisory: string;
  /** 1–77: inside the 12 weeks to the seed's day, whatever weekday that is. */
  days_ago: number;
  /** Refs of the group's farmers who were not there (and so not reached). */
  absent: string[];
  /** The farmers there who adopted it: ref → the day they said so (days before the seed). */
  adopted: Record<string, number>;
}

/** A report user's profile (spec §3), tied to a Telegram id the emulator offers (chat-users.ts). */
export interface DemoReportUser {
  ref: string;
  name: string;
  phone_no: string;
  gender: Gender;
  /** Woreda code: the area the report user's reports show. */
  woreda: string;
  telegram_id: number;
}
