import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import type { Farmer } from '@gebere/contract';
import type { Outbox } from '../../lib/outbox/outbox';
import { BATCH_OPEN_MS } from '../../lib/outbox/record';
import { type FarmerRegistered, farmerRegisteredResult } from './form-values';

/**
 * "Register another": the farmers of one visit to the form are one batch, one
 * outbox batch too, so the chat gets one summary for all of them once the batch is settled. What
 * the form keeps of it lives in its draft (`side`), so the list survives a reload or a closed
 * app mid-batch.
 */
export interface BatchEntry {
  name: string;
  group_name: string;
  /** Saved while the form was open: what the chat's summary says of it. */
  saved?: FarmerRegistered;
  /** Kept in the outbox (no signal): its record's key. */
  key?: string;
}

export interface FarmerBatch {
  /** The outbox batch of its records. */
  id: string;
  entries: BatchEntry[];
  /**
   * When the last farmer joined it (ms): past the outbox's open time (BATCH_OPEN_MS) the outbox
   * has summed it up itself, and the form starts a new batch.
   */
  at?: number;
}

export const newBatch = (): FarmerBatch => ({ id: newIdempotencyKey(), entries: [] });

const isEntry = (v: unknown): v is BatchEntry => {
  const e = v as Partial<BatchEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.name === 'string' &&
    typeof e.group_name === 'string' &&
    (e.key === undefined || typeof e.key === 'string') &&
    (e.saved === undefined || (typeof e.saved === 'object' && e.saved?.kind === 'farmer_registered'))
  );
};

/** The batch a draft kept (read back from storage), if it is one. */
export function readBatch(raw: unknown, now = Date.now()): FarmerBatch | null {
  const b = raw as Partial<FarmerBatch> | null;
  if (typeof b !== 'object' || b === null || typeof b.id !== 'string' || !Array.isArray(b.entries))
    return null;
  if (typeof b.at !== 'number' || now - b.at > BATCH_OPEN_MS) return null;
  return { id: b.id, entries: b.entries.filter(isEntry), at: b.at };
}

/**
 * The batch's farmers as the chat's summary lists them, when every one is saved: those kept in
 * the outbox meanwhile take the server's answer from it. Null while one still waits (or the
 * outbox lost it): then the outbox sums the batch up once it is settled.
 */
export async function savedFarmers(
  batch: FarmerBatch,
  box: Outbox | null,
): Promise<FarmerRegistered[] | null> {
  const out: FarmerRegistered[] = [];
  for (const entry of batch.entries) {
    if (entry.saved) {
      out.push(entry.saved);
      continue;
    }
    const record = entry.key ? await box?.get(entry.key) : undefined;
    if (record?.state !== 'saved') return null;
    out.push(farmerRegisteredResult(record.saved as Farmer, entry.group_name));
  }
  return out;
}
