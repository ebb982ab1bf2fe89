import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishTypes, generatedFile } from '../scripts/english-types.mjs';

describe('english.generated.ts', () => {
  it('is the type of the English JSON as it is now (pnpm --filter @gebere/i18n run generate)', () => {
    expect(readFileSync(generatedFile, 'utf8')).toBe(englishTypes());
  });
});
