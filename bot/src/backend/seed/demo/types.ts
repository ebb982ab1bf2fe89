import type { AdminLevel, FeedbackType, Gender, GroupType } from '@gebere/contract';

/**
 * Demo content as plain data. Records point at each other by `ref` (stable, readable keys such
 * as `vc-teff` or `da-abebe`), never by database id: the backend inserts them in order and maps
 * refs to the ids it gets. Admin areas are named by their code in the shipped admin files
 * (`admin/*.csv`), which the backend also imports.
 */

export interface DemoNamed {
  ref: string;
  name: string;
  /** Amharic name, in Ethiopic script. */
  name_am: string;
}

export type DemoCategory = DemoNamed;

export interface DemoValueChain extends DemoNamed {
  /** Ref of a DemoCategory. */
  category: string;
}

export interface DemoPractice extends DemoNamed {
  /** Ref of a DemoValueChain. */
  value_chain: string;
}

export interface DemoSubPractice extends DemoNamed {
  /** Ref of a DemoPractice. */
  practice: string;
}

/** A practice with its sub-practices, the form the content is written in. */
export interface DemoPracticeTree extends DemoNamed {
  sub_practices: DemoNamed[];
}

export interface DemoAdvisory {
  ref: string;
  /** Ref of a DemoSubPractice; the value chain follows from it. */
  sub_practice: string;
  /** The admin level the advisory targets, and the area's code at that level. */
  level: AdminLevel;
  admin_code: string;
  /** Null on purpose for some, so screens fall back to the text or the sub-practice name. */
  label: string | null;
  /** The label in Amharic: given whenever `label` is. */
  label_am: string | null;
  template_content: string[];
  template_content_am: string[];
  /** ISO 8601; screens keep only the most recent advisory per sub-practice and area. */
  created_at: string;
}

export interface DemoChoice {
  name: string;
  name_am: string;
}

export interface DemoFeedbackQuestion {
  ref: string;
  /** Ref of a DemoAdvisory. */
  advisory: string;
  question: string;
  question_am: string;
  type: FeedbackType;
  /** Options of SELECT_ONE and SELECT_MULTIPLE; empty for RATING and TEXT. */
  choices: DemoChoice[];
}

export type DemoRole = DemoNamed;

export interface DemoDa {
  ref: string;
  first_name: string;
  father_name: string;
  grand_father_name: string;
  /** As a DA types it: 09 or 07 and 8 digits; the backend normalises on insert. */
  phone_number: string;
  telegram_phone_number: string;
  gender: Gender;
  region: string;
  zone: string;
  woreda: string;
  kebele: string;
  /** Ref of a DemoRole. */
  role: string;
  /** An operator's notification-manager grant over the DA's region (docs/authorization.md). */
  regionManager?: true;
}

export interface DemoGroup {
  ref: string;
  group_name: string;
  group_type: GroupType;
  /** Kebele code. */
  kebele: string;
  /** Ref of the DemoDa who made the group. */
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
  /** Kebele code; equals the group's kebele. */
  kebele: string;
  /** Ref of a DemoGroup. */
  development_group: string;
  /** Ref of the DemoDa who registered the farmer. */
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
  /** Ref of a DemoAdvisory reaching the group's kebele, the newest of its sub-practice there. */
  advisory: string;
  /** 1–77: inside the 12 weeks to the seed's day, whatever weekday that is. */
  days_ago: number;
  /** Refs of the group's farmers who were not there (and so not reached). */
  absent: string[];
  /** The farmers there who adopted it: ref → the day they said so (days before the seed). */
  adopted: Record<string, number>;
}

/** A report user's profile (spec §3), tied to a Telegram id the emulator offers (people.ts). */
export interface DemoReportUser {
  ref: string;
  name: string;
  phone_no: string;
  gender: Gender;
  /** Woreda code: the area the report user's reports show. */
  woreda: string;
  telegram_id: number;
}
