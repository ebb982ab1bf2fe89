import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../csv';
import { DEMO_CONTENT } from './demo-content';
import { SAMPLE_KINDS, SAMPLES_DIR, sampleTables } from './samples';

describe('sample import files', () => {
  const tables = sampleTables(DEMO_CONTENT);
  it.each(SAMPLE_KINDS)('samples/%s.csv holds exactly the demo content', (kind) => {
    const text = readFileSync(fileURLToPath(new URL(`${kind}.csv`, SAMPLES_DIR)), 'utf8');
    expect(parseCsv(text)).toEqual(tables[kind]);
  });

  it('cover every demo record', () => {
    expect(tables.advisories.length - 1).toBe(DEMO_CONTENT.advisories.length);
    expect(tables['feedback-choices'].length - 1).toBe(
      DEMO_CONTENT.feedbackQuestions.reduce((n, q) => n + q.choices.length, 0),
    );
    expect(tables.roster.slice(1).map((r) => r[0])).toEqual(DEMO_CONTENT.das.map((d) => d.phone_number));
  });
});
