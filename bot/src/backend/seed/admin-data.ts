import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsvRecords } from '../csv';

/**
 * Ethiopia's administrative areas as the product ships them: the cleaned CSV files in `./admin/`
 * (made by scripts/data-import/clean-admin.ts from the raw data, see admin/README.md). Codes are
 * opaque strings (`ET14`, `ET1401`, `ET140101`, `ET140101101001`, a few woredas `ET080101-2`);
 * the database gives each area its own integer id.
 */
export interface Region {
  code: string;
  name: string;
}
export interface Zone {
  code: string;
  region_code: string;
  name: string;
}
export interface Woreda {
  code: string;
  zone_code: string;
  name: string;
}
export interface Kebele {
  code: string;
  woreda_code: string;
  name: string;
}
export interface AdminData {
  regions: Region[];
  zones: Zone[];
  woredas: Woreda[];
  kebeles: Kebele[];
}

export const ADMIN_FILES = {
  regions: 'regions.csv',
  zones: 'zones.csv',
  woredas: 'woredas.csv',
  kebeles: 'kebeles.csv',
} as const;

/**
 * Where the files are. Resolved against this module, which works from source (tsx, vitest) and
 * from the esbuild bundle in bot/dist/ as long as the build copies `admin/` next to the bundle.
 */
export const DEFAULT_ADMIN_DIR = new URL('./admin/', import.meta.url);

/** Parses the four files' texts; exported for tests and for callers that hold the text already. */
export function parseAdminData(texts: Record<keyof typeof ADMIN_FILES, string>): AdminData {
  return {
    regions: parseCsvRecords(texts.regions, ['code', 'name']).map((r) => ({ code: r.code, name: r.name })),
    zones: parseCsvRecords(texts.zones, ['code', 'region_code', 'name']).map((r) => ({
      code: r.code,
      region_code: r.region_code,
      name: r.name,
    })),
    woredas: parseCsvRecords(texts.woredas, ['code', 'zone_code', 'name']).map((r) => ({
      code: r.code,
      zone_code: r.zone_code,
      name: r.name,
    })),
    kebeles: parseCsvRecords(texts.kebeles, ['code', 'woreda_code', 'name']).map((r) => ({
      code: r.code,
      woreda_code: r.woreda_code,
      name: r.name,
    })),
  };
}

/** Reads one file of the admin directory `dir`, a directory path or a `file:` URL. */
const readAdminFile = (dir: URL | string, name: string) =>
  readFile(join(typeof dir === 'string' ? dir : fileURLToPath(dir), name), 'utf8');

/**
 * Reads the shipped admin files from `dir`, a directory path or a `file:` URL.
 */
export async function loadAdminData(dir: URL | string = DEFAULT_ADMIN_DIR): Promise<AdminData> {
  const read = (name: string) => readAdminFile(dir, name);
  const [regions, zones, woredas, kebeles] = await Promise.all([
    read(ADMIN_FILES.regions),
    read(ADMIN_FILES.zones),
    read(ADMIN_FILES.woredas),
    read(ADMIN_FILES.kebeles),
  ]);
  return parseAdminData({ regions, zones, woredas, kebeles });
}

/**
 * The areas' names in Amharic and Afaan Oromo, written by hand (the raw data has none): every
 * region and zone in Ethiopic script; in Oromo, the areas whose Latin name has English words
 * (North, Zone, Town Administration…), translated. Other areas keep their Latin name until an
 * operator imports names for them.
 */
export const ADMIN_NAMES_FILES = { am: 'names-am.csv', om: 'names-om.csv' } as const;
export type NamedLanguage = keyof typeof ADMIN_NAMES_FILES;
export const NAMED_LANGUAGES = Object.keys(ADMIN_NAMES_FILES) as NamedLanguage[];

export interface AreaName {
  code: string;
  name: string;
}

/** Parses names-<lang>.csv (code, name_<lang>); the `#` lines at its top are its notes on the spelling conventions. */
export function parseAreaNames(text: string, lang: NamedLanguage): AreaName[] {
  const body = text.replace(/^\uFEFF/, '').replace(/^(?:#.*(?:\r?\n|$))+/, '');
  const column = `name_${lang}`;
  return parseCsvRecords(body, ['code', column]).map((r) => ({
    code: r.code as string,
    name: r[column] as string,
  }));
}

export async function loadAreaNames(
  lang: NamedLanguage,
  dir: URL | string = DEFAULT_ADMIN_DIR,
): Promise<AreaName[]> {
  return parseAreaNames(await readAdminFile(dir, ADMIN_NAMES_FILES[lang]), lang);
}
