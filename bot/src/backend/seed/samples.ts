import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportKind } from '@gebere/contract';
import { parseCsvRecords } from '../csv';

/**
 * The demo content, written once: the import files under samples/ (`gebere import <kind>
 * samples/<kind>.csv`, in this order, gives it; the demo seed imports them so, db/seed-demo.ts).
 * Admin areas ship as admin/*.csv; the demo's people, what they did and who they are in the chat
 * page are the seed's own (demo-content.ts).
 */
export const SAMPLE_KINDS = [
  'roles',
  'categories',
  'value-chains',
  'practices',
  'sub-practices',
  'advisories',
  'feedback-questions',
  'feedback-choices',
  'roster',
] as const satisfies readonly ImportKind[];
export type SampleKind = (typeof SAMPLE_KINDS)[number];

export const SAMPLES_DIR = new URL('./samples/', import.meta.url);

/** Each kind's rows, cells by column as `gebere import` sends them, and a hash of the files. */
export interface Samples {
  rows: Record<SampleKind, Array<Record<string, string>>>;
  key: string;
}

/** Reads the sample files from `dir` (a directory path or a `file:` URL; the shipped ones by default). */
export async function loadSamples(dir: URL | string = SAMPLES_DIR): Promise<Samples> {
  const base = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const hash = createHash('sha256');
  const rows = {} as Samples['rows'];
  for (const kind of SAMPLE_KINDS) {
    const text = await readFile(join(base, `${kind}.csv`), 'utf8');
    hash.update(kind).update(text);
    rows[kind] = parseCsvRecords(text, []);
  }
  return { rows, key: hash.digest('hex').slice(0, 16) };
}
