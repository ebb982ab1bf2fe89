import { ADMIN_LEVELS, FEEDBACK_TYPES, GENDERS, type ImportKind, longText, text } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import { z } from 'zod';
import { type Choice, choice } from './choices';
import type { Target } from './upsert';

/**
 * Each import kind's columns (cells are text; an empty cell is a missing value), each parsed on
 * its own so every wrong cell of a row is named, the references its rows make (a code or name
 * that must name a stored record), and the record it writes. Columns are documented in the
 * contract (IMPORT_KINDS) and seed/samples/README.md.
 */

/** An empty or blank cell reads as absent, so a required column says "Required". */
const cell = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);
/**
 * Letters a file lost before it reached us: `?` runs are what Excel writes for Amharic saved as
 * a non-UTF-8 "CSV", U+FFFD what a wrong decoder leaves.
 */
const intact = (s: string) => !/\?\?|\uFFFD/.test(s);
const lostLetters = { params: { code: 'lost_characters' } } as const;
const required = (max = 255) => cell(text(max).refine(intact, lostLetters));
const optional = (max = 255) =>
  cell(text(max).refine(intact, lostLetters).optional()).transform((v) => v ?? null);
const code = cell(text(100));
const position = cell(z.coerce.number().int().min(0).max(1_000_000));
/** One paragraph per line; empty lines dropped; an empty cell is no text (`[]`). */
const paragraphs = cell(longText(20_000).refine(intact, lostLetters).optional()).transform((v) =>
  v === undefined
    ? null
    : v
        .split(/\r?\n/)
        .map((p) => p.trim())
        .filter(Boolean),
);
/** A real calendar date (no 30 February) in a year PostgreSQL and people agree on. */
function validTime(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s))
    return false;
  const [y = 0, m = 0, d = 0] = s.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 &&
    y <= 2999 &&
    day.getUTCMonth() === m - 1 &&
    day.getUTCDate() === d &&
    !Number.isNaN(Date.parse(s.replace(' ', 'T')))
  );
}
const timestamp = cell(
  z
    .string()
    .trim()
    .refine(validTime, { params: { code: 'date' } })
    .optional(),
).transform((v) => (v === undefined ? null : new Date(v.replace(' ', 'T')).toISOString()));
const phone = cell(
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      const p = normalizePhone(s);
      if (!p) ctx.addIssue({ code: 'custom', params: { code: 'phone_number_validation' } });
      return p ?? s;
    }),
);

export const CHOICES = {
  // Oromia's forms print sex as Dhiira / Dhalaa; the app says Dubartii (woman) for female.
  gender: choice(GENDERS, (g) => `common.gender.${g}`, { female: ['Dhalaa'] }),
  level: choice(ADMIN_LEVELS, (l) => `common.location.${l}`),
  type: choice(FEEDBACK_TYPES),
};
const level = cell(CHOICES.level.schema);

/** A reference a row makes: the column, and the table (and its column) it must name a row of. */
export interface Ref {
  column: string;
  /** The table, from the row's parsed cells; undefined while a cell it depends on is wrong. */
  table: (row: Record<string, unknown>) => string | undefined;
  by: 'code' | 'name';
  /**
   * Matched whatever the case and edge spaces, and by `name_am` and `name_om` too (role names as
   * people type them); a wrong one is answered with the table's names, since there are few.
   */
  byName?: boolean;
  /** A second id the same lookup gives (`select` over the table as `t`, with `join`). */
  also?: { name: string; select: string; join: string };
}

export interface KindImpl {
  /** Every column's parser; a column not here is refused. */
  columns: Record<string, z.ZodType>;
  /** The columns whose cell is one of a few codes: a wrong one lists them. */
  choices?: Record<string, Choice<string>>;
  refs: Ref[];
  target: Target;
  /** The record to write from a parsed row and the ids its references resolved to. */
  record(row: Record<string, unknown>, ids: Record<string, number>): Record<string, unknown>;
}

const named = { name: required(), name_am: optional(), name_om: optional() };
const fixed = (table: string) => () => table;

const hierarchy = (table: string, parent?: { column: string; table: string; fk: string }): KindImpl => ({
  columns: { code, ...(parent ? { [parent.column]: code } : {}), ...named },
  refs: parent ? [{ column: parent.column, table: fixed(parent.table), by: 'code' }] : [],
  target: {
    table,
    key: { code: 'text' },
    columns: {
      ...(parent ? { [parent.fk]: { type: 'bigint' } } : {}),
      name: { type: 'text' },
      name_am: { type: 'text' },
      name_om: { type: 'text' },
    },
  },
  record: (r, ids) => ({
    code: r.code,
    ...(parent ? { [parent.fk]: ids[parent.column] } : {}),
    name: r.name,
    name_am: r.name_am,
    name_om: r.name_om,
  }),
});

const area = (table: string, parent?: { column: string; table: string; fk: string }): KindImpl => {
  const base = hierarchy(table, parent);
  // A refresh keeps an Amharic or Oromo name the file does not give.
  const keep = { type: 'text', keep: true };
  return {
    ...base,
    target: { ...base.target, columns: { ...base.target.columns, name_am: keep, name_om: keep } },
  };
};

const AREA_TABLES = { region: 'regions', zone: 'zones', woreda: 'woredas', kebele: 'kebeles' } as const;

export const KINDS: Record<ImportKind, KindImpl> = {
  roles: {
    columns: named,
    refs: [],
    target: {
      table: 'da_roles',
      key: { name: 'text' },
      // As the roster finds them: "crop da" is the Crop DA role, not a second one.
      caseless: true,
      columns: { name_am: { type: 'text' }, name_om: { type: 'text' } },
    },
    record: (r) => ({ name: r.name, name_am: r.name_am, name_om: r.name_om }),
  },
  categories: hierarchy('value_chain_categories'),
  'value-chains': hierarchy('value_chains', {
    column: 'category',
    table: 'value_chain_categories',
    fk: 'category_id',
  }),
  practices: hierarchy('practices', { column: 'value_chain', table: 'value_chains', fk: 'value_chain_id' }),
  'sub-practices': hierarchy('sub_practices', { column: 'practice', table: 'practices', fk: 'practice_id' }),
  advisories: {
    choices: { level: CHOICES.level },
    columns: {
      code,
      sub_practice: code,
      level,
      area: code,
      label: optional(500),
      label_am: optional(500),
      label_om: optional(500),
      template_content: paragraphs,
      template_content_am: paragraphs,
      template_content_om: paragraphs,
      created_at: timestamp,
    },
    refs: [
      {
        column: 'sub_practice',
        table: fixed('sub_practices'),
        by: 'code',
        also: {
          name: 'value_chain',
          select: 'p.value_chain_id',
          join: 'join practices p on p.id = t.practice_id',
        },
      },
      { column: 'area', table: (r) => AREA_TABLES[r.level as keyof typeof AREA_TABLES], by: 'code' },
    ],
    target: {
      table: 'advisories',
      key: { code: 'text' },
      columns: {
        sub_practice_id: { type: 'bigint' },
        // The sub-practice's, found with it (Ref.also).
        value_chain_id: { type: 'bigint' },
        level: { type: 'text' },
        region_id: { type: 'bigint' },
        zone_id: { type: 'bigint' },
        woreda_id: { type: 'bigint' },
        kebele_id: { type: 'bigint' },
        label: { type: 'text' },
        label_am: { type: 'text' },
        label_om: { type: 'text' },
        template_content: { type: 'jsonb', insert: "'[]'::jsonb" },
        template_content_am: { type: 'jsonb' },
        template_content_om: { type: 'jsonb' },
        created_at: { type: 'timestamptz', keep: true, insert: 'now()' },
      },
    },
    record: (r, ids) => ({
      code: r.code,
      sub_practice_id: ids.sub_practice,
      value_chain_id: ids.value_chain,
      level: r.level,
      region_id: null,
      zone_id: null,
      woreda_id: null,
      kebele_id: null,
      [`${r.level}_id`]: ids.area,
      label: r.label,
      label_am: r.label_am,
      label_om: r.label_om,
      template_content: r.template_content ?? [],
      template_content_am: r.template_content_am ?? [],
      template_content_om: r.template_content_om ?? [],
      created_at: r.created_at,
    }),
  },
  'feedback-questions': {
    choices: { type: CHOICES.type },
    columns: {
      code,
      advisory: code,
      position,
      type: cell(CHOICES.type.schema),
      question: required(1000),
      question_am: optional(1000),
      question_om: optional(1000),
    },
    refs: [{ column: 'advisory', table: fixed('advisories'), by: 'code' }],
    target: {
      table: 'feedback_questions',
      key: { code: 'text' },
      columns: {
        advisory_id: { type: 'bigint' },
        position: { type: 'int' },
        type: { type: 'text' },
        question: { type: 'text' },
        question_am: { type: 'text' },
        question_om: { type: 'text' },
      },
    },
    record: (r, ids) => ({
      code: r.code,
      advisory_id: ids.advisory,
      position: r.position,
      type: r.type,
      question: r.question,
      question_am: r.question_am,
      question_om: r.question_om,
    }),
  },
  'feedback-choices': {
    columns: { question: code, position, ...named },
    refs: [{ column: 'question', table: fixed('feedback_questions'), by: 'code' }],
    target: {
      table: 'feedback_choices',
      key: { question_id: 'bigint', position: 'int' },
      columns: { name: { type: 'text' }, name_am: { type: 'text' }, name_om: { type: 'text' } },
    },
    record: (r, ids) => ({
      question_id: ids.question,
      position: r.position,
      name: r.name,
      name_am: r.name_am,
      name_om: r.name_om,
    }),
  },
  roster: {
    choices: { gender: CHOICES.gender },
    columns: {
      phone_number: phone,
      first_name: required(),
      father_name: required(),
      grand_father_name: required(),
      gender: cell(CHOICES.gender.schema),
      kebele: code,
      role: required(),
    },
    refs: [
      { column: 'kebele', table: fixed('kebeles'), by: 'code' },
      { column: 'role', table: fixed('da_roles'), by: 'name', byName: true },
    ],
    target: {
      table: 'da_roster',
      key: { phone_number: 'text' },
      columns: {
        first_name: { type: 'text' },
        father_name: { type: 'text' },
        grand_father_name: { type: 'text' },
        sex: { type: 'text' },
        kebele_id: { type: 'bigint' },
        role_id: { type: 'bigint' },
      },
      touch: true,
    },
    record: (r, ids) => ({
      phone_number: r.phone_number,
      first_name: r.first_name,
      father_name: r.father_name,
      grand_father_name: r.grand_father_name,
      sex: r.gender,
      kebele_id: ids.kebele,
      role_id: ids.role,
    }),
  },
  regions: area('regions'),
  zones: area('zones', { column: 'region_code', table: 'regions', fk: 'region_id' }),
  woredas: area('woredas', { column: 'zone_code', table: 'zones', fk: 'zone_id' }),
  kebeles: area('kebeles', { column: 'woreda_code', table: 'woredas', fk: 'woreda_id' }),
};
