/**
 * Farmer × advisory pairs (spec §4: one record per pair), the contract's `RecordPair`. Apart from
 * submit-records.ts so the screen can build pairs without loading the engine (and the API client
 * it imports).
 */
import type { RecordPair } from '@gebere/contract';

export type { RecordPair };

export const pairKey = (p: RecordPair) => `${p.farmer}:${p.advisory}`;

/** The same pair once, in first-seen order. */
export function uniquePairs(pairs: readonly RecordPair[]): RecordPair[] {
  const seen = new Map<string, RecordPair>();
  for (const p of pairs) {
    const key = pairKey(p);
    if (!seen.has(key)) seen.set(key, { farmer: p.farmer, advisory: p.advisory });
  }
  return [...seen.values()];
}

/** Every farmer with every advisory. */
export function allPairs(farmers: readonly number[], advisories: readonly number[]): RecordPair[] {
  return uniquePairs(advisories.flatMap((advisory) => farmers.map((farmer) => ({ farmer, advisory }))));
}
