/**
 * Farmer × advisory pairs (spec §4: one record per pair), the contract's `RecordPair`. Apart from
 * submit-records.ts so the screen can build pairs without loading the engine (and the API client
 * it imports).
 */
import type { RecordPair } from '@gebere/contract';

export type { RecordPair };

/** A pair on screen: its farmer may be one kept on the phone (`@<key>`, kept-rows.ts), not yet saved. */
export interface ScreenPair {
  farmer: number | string;
  advisory: number;
}

export const pairKey = (p: ScreenPair) => `${p.farmer}:${p.advisory}`;

/** The same pair once, in first-seen order. */
export function uniquePairs<P extends ScreenPair>(pairs: readonly P[]): P[] {
  const seen = new Map<string, P>();
  for (const p of pairs) {
    const key = pairKey(p);
    if (!seen.has(key)) seen.set(key, { farmer: p.farmer, advisory: p.advisory } as P);
  }
  return [...seen.values()];
}

/** Every farmer with every advisory. */
export function allPairs<F extends number | string>(
  farmers: readonly F[],
  advisories: readonly number[],
): { farmer: F; advisory: number }[] {
  return uniquePairs(advisories.flatMap((advisory) => farmers.map((farmer) => ({ farmer, advisory }))));
}

/** The pairs of a press not yet settled by an earlier one (`settled`: their pairKeys). */
export const pendingPairs = (settled: ReadonlySet<string>, pairs: readonly ScreenPair[]) =>
  uniquePairs(pairs).filter((p) => !settled.has(pairKey(p)));
