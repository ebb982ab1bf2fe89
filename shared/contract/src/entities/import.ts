import { z } from 'zod';

/** One column of an import file: its header, whether a row must fill it, and what it holds. */
export interface ImportColumn {
  name: string;
  required: boolean;
  help: string;
}

/** One kind of import: its columns and the natural key a row is matched on (upsert). */
export interface ImportKindDef {
  summary: string;
  columns: readonly ImportColumn[];
  /** Columns that name the record; a second row with the same values is an error. */
  key: readonly string[];
}

const col = (name: string, help: string, required = true): ImportColumn => ({ name, required, help });
const NAME = col('name', 'English name');
const NAME_AM = col('name_am', 'Amharic name (Ethiopic script); empty clears it', false);
const NAME_OM = col('name_om', 'Afaan Oromo name; empty clears it (Oromo readers get the English)', false);
const CODE = col('code', 'stable code that names the record, e.g. vc-teff (never reuse one)');
const area = (parent: string | null, level: string): ImportKindDef => ({
  summary: `${level}s of Ethiopia's administrative areas (refresh; the shipped admin files fit)`,
  columns: [
    col(
      'code',
      `${level} code, e.g. ${{ region: 'ET03', zone: 'ET0313', woreda: 'ET031702', kebele: 'ET031702888001' }[level]}`,
    ),
    ...(parent ? [col(`${parent}_code`, `code of the ${parent} it lies in`)] : []),
    NAME,
    col('name_am', 'Amharic name; empty keeps the one stored', false),
    col('name_om', 'Afaan Oromo name where it differs from the English; empty keeps the one stored', false),
  ],
  key: ['code'],
});

/**
 * What `gebere import <kind> <file>` reads (bot/src/backend/seed/samples/README.md explains each
 * column with examples). The first row of a file is its header, with these column names in any
 * order; records refer to each other by code (by name for roles, by phone for the roster).
 */
export const IMPORT_KINDS = {
  roles: {
    summary: "DA roles, the DA form's Role options",
    columns: [col('name', 'English name; names the role'), NAME_AM, NAME_OM],
    key: ['name'],
  },
  categories: { summary: 'value-chain categories', columns: [CODE, NAME, NAME_AM, NAME_OM], key: ['code'] },
  'value-chains': {
    summary: 'value chains',
    columns: [CODE, col('category', 'code of its category'), NAME, NAME_AM, NAME_OM],
    key: ['code'],
  },
  practices: {
    summary: 'practices of a value chain',
    columns: [CODE, col('value_chain', 'code of its value chain'), NAME, NAME_AM, NAME_OM],
    key: ['code'],
  },
  'sub-practices': {
    summary: 'sub-practices of a practice',
    columns: [CODE, col('practice', 'code of its practice'), NAME, NAME_AM, NAME_OM],
    key: ['code'],
  },
  advisories: {
    summary: 'advisories, each for a sub-practice and a target area, with en, am and om texts',
    columns: [
      CODE,
      col('sub_practice', 'code of its sub-practice (the value chain follows from it)'),
      col(
        'level',
        'region, zone, woreda or kebele (or their Amharic or Afaan Oromo names): the level of its target area',
      ),
      col('area', 'code of the target area at that level, e.g. ET03; it applies to the areas below'),
      col('label', 'title; empty: screens show the text instead', false),
      col('label_am', 'Amharic title; empty: Amharic readers get the Amharic text instead', false),
      col('label_om', 'Afaan Oromo title; empty: Oromo readers get the Oromo text instead', false),
      col('template_content', 'English text, one paragraph per line', false),
      col('template_content_am', 'Amharic text, one paragraph per line', false),
      col('template_content_om', 'Afaan Oromo text, one paragraph per line', false),
      col(
        'created_at',
        'date or ISO time (screens show the newest per sub-practice and area); empty: now, or as stored',
        false,
      ),
    ],
    key: ['code'],
  },
  'feedback-questions': {
    summary: 'feedback questions of an advisory',
    columns: [
      CODE,
      col('advisory', 'code of its advisory'),
      col('position', 'order among the questions (a whole number, 0 first)'),
      col('type', 'SELECT_ONE, SELECT_MULTIPLE, RATING or TEXT'),
      col('question', 'English question'),
      col('question_am', 'Amharic question', false),
      col('question_om', 'Afaan Oromo question', false),
    ],
    key: ['code'],
  },
  'feedback-choices': {
    summary: 'the choices of SELECT_ONE and SELECT_MULTIPLE questions',
    columns: [
      col('question', 'code of its feedback question'),
      col('position', 'order among its choices (a whole number, 0 first); names the choice with question'),
      NAME,
      NAME_AM,
      NAME_OM,
    ],
    key: ['question', 'position'],
  },
  roster: {
    summary: "the organisation's DAs, whom the bot offers to take over their profile on first contact",
    columns: [
      col('phone_number', "the DA's phone, e.g. 0911234567; names the DA"),
      col('first_name', 'first name'),
      col('father_name', "father's name"),
      col('grand_father_name', "grandfather's name"),
      col('gender', 'male or female; also M, F, or the word in English, Amharic or Afaan Oromo'),
      col('kebele', 'code of the kebele the DA works in, e.g. ET031702888001'),
      col('role', 'name of a DA role, e.g. Crop DA (any case)'),
    ],
    key: ['phone_number'],
  },
  regions: area(null, 'region'),
  zones: area('region', 'zone'),
  woredas: area('zone', 'woreda'),
  kebeles: area('woreda', 'kebele'),
} as const satisfies Record<string, ImportKindDef>;

export type ImportKind = keyof typeof IMPORT_KINDS;
export const IMPORT_KIND_NAMES = Object.keys(IMPORT_KINDS) as ImportKind[];
export const importKind = z.enum(IMPORT_KIND_NAMES as [ImportKind, ...ImportKind[]]);

/**
 * Most rows of one file. A file is one request and one transaction (all or nothing, whatever
 * happens part-way), so this and {@link IMPORT_MAX_BYTES} bound what the server holds at once;
 * the shipped admin areas, the largest file, have 19,535 kebeles.
 */
export const IMPORT_MAX_ROWS = 100_000;
/** Most bytes of one import's JSON body (the route's own body limit). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Most wrong cells one refusal lists; a last line says how many more there are. */
export const IMPORT_ERROR_LIMIT = 50;

/**
 * A whole file: its rows as text cells by column name (a blank row as `{}`, skipped, so the
 * numbers stay the file's), and the file row number of the first (the header is row 1).
 */
export const importPayload = z
  .object({
    rows: z
      .array(z.record(z.string(), z.string().max(20_000)))
      .min(1)
      .max(IMPORT_MAX_ROWS),
    first_row: z.number().int().min(2),
    dry_run: z.boolean().default(false),
  })
  .strict();
export type ImportPayload = z.input<typeof importPayload>;

/**
 * What an import did (or, in a dry run, would do). A bad row is a 400 instead, keyed
 * `row <n>.<column>` (DRF field errors; the first {@link IMPORT_ERROR_LIMIT}, then a
 * `non_field_errors` line counting the rest), and then nothing is written.
 */
export const importResult = z.object({
  kind: importKind,
  dry_run: z.boolean(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type ImportResult = z.infer<typeof importResult>;
