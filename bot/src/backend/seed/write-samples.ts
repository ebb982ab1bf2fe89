import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatCsv } from '../csv';
import { DEMO_CONTENT } from './demo-content';
import { SAMPLE_KINDS, SAMPLES_DIR, sampleTables } from './samples';

/**
 * Writes samples/<kind>.csv from the demo content: `node --import tsx bot/src/backend/seed/write-samples.ts`
 * after changing the demo content (samples.test.ts fails until then).
 */
const tables = sampleTables(DEMO_CONTENT);
for (const kind of SAMPLE_KINDS) {
  const path = fileURLToPath(new URL(`${kind}.csv`, SAMPLES_DIR));
  writeFileSync(path, formatCsv(tables[kind]));
  process.stdout.write(`${path}: ${tables[kind].length - 1} rows\n`);
}
