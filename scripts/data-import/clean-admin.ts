/**
 * Cleans Ethiopia's administrative areas into the files the product ships.
 *
 *   node --import tsx scripts/data-import/clean-admin.ts [srcDir] [outDir]
 *
 * srcDir defaults to the design folder's data/ethiopia-admin (../shared/data/ethiopia-admin from
 * the repository root), outDir to bot/src/backend/seed/admin/. Paths given are relative to the
 * current directory. Writes regions.csv, zones.csv, woredas.csv, kebeles.csv and README.md, and
 * prints the counts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCsv } from '@gebere/bot/csv';
import { ADMIN_FILES, type AdminData } from '@gebere/bot/seed';
import { type CleanReport, cleanAdmin } from './admin-clean';
import { renderAdminReadme } from './admin-readme';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_SRC = resolve(repoRoot, '../shared/data/ethiopia-admin');
export const DEFAULT_OUT = resolve(repoRoot, 'bot/src/backend/seed/admin');

/** The CSV texts of the cleaned data, by file name. */
export function adminFiles(data: AdminData): Record<string, string> {
  return {
    [ADMIN_FILES.regions]: formatCsv([['code', 'name'], ...data.regions.map((r) => [r.code, r.name])]),
    [ADMIN_FILES.zones]: formatCsv([
      ['code', 'region_code', 'name'],
      ...data.zones.map((z) => [z.code, z.region_code, z.name]),
    ]),
    [ADMIN_FILES.woredas]: formatCsv([
      ['code', 'zone_code', 'name'],
      ...data.woredas.map((w) => [w.code, w.zone_code, w.name]),
    ]),
    [ADMIN_FILES.kebeles]: formatCsv([
      ['code', 'woreda_code', 'name'],
      ...data.kebeles.map((k) => [k.code, k.woreda_code, k.name]),
    ]),
  };
}

export async function runCleanAdmin(srcDir = DEFAULT_SRC, outDir = DEFAULT_OUT): Promise<CleanReport> {
  const read = (name: string) => readFile(join(srcDir, name), 'utf8');
  const [region, zone, woreda, kebele] = await Promise.all(
    ['region.csv', 'zone.csv', 'woreda.csv', 'kebele.csv'].map(read),
  );
  const { data, report } = cleanAdmin({
    region: region ?? '',
    zone: zone ?? '',
    woreda: woreda ?? '',
    kebele: kebele ?? '',
  });
  await mkdir(outDir, { recursive: true });
  const files = { ...adminFiles(data), 'README.md': renderAdminReadme(report) };
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(outDir, name), text)));
  return report;
}

function printReport(r: CleanReport, outDir: string): void {
  const row = (level: string, c: { in: number; out: number }, skipped: number, extra: string) =>
    console.log(
      `${level.padEnd(8)} in ${String(c.in).padStart(6)}  out ${String(c.out).padStart(6)}  skipped ${skipped}  ${extra}`,
    );
  row('regions', r.regions, 0, `codes rewritten ${r.regions.codesRewritten}`);
  row('zones', r.zones, r.zones.skipped.length, `without woredas ${r.zones.withoutWoredas.length}`);
  const w = r.woredas;
  row(
    'woredas',
    w,
    w.skipped.length,
    `zone rewritten ${w.zoneRewritten}, relocated ${w.relocated.length}; codes kept ${w.codeKept}, padded ${w.codePadded}, ` +
      `suffixed -2 ${w.codeSuffixed.length}, fixed ${w.codeFixed.length}; without kebeles ${w.withoutKebeles.length}`,
  );
  const k = r.kebeles;
  row(
    'kebeles',
    k,
    k.skipped.length,
    `woreda exact ${k.woredaExact}, padded ${k.woredaPadded}, split by code ${k.splitToRenumbered}/${k.splitToExisting}`,
  );
  for (const [level, c] of [
    ['regions', r.regions],
    ['zones', r.zones],
    ['woredas', w],
    ['kebeles', k],
  ] as const)
    console.log(
      `names    ${level.padEnd(8)} cleaned ${c.labelsCleaned}, numbers prefixed ${c.labelsNumbered}, disambiguated ${c.labelsDisambiguated}`,
    );
  console.log(`written to ${outDir}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [src, out] = process.argv.slice(2);
  const srcDir = src ? resolve(src) : DEFAULT_SRC;
  const outDir = out ? resolve(out) : DEFAULT_OUT;
  runCleanAdmin(srcDir, outDir).then(
    (report) => printReport(report, outDir),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
