import { z } from 'zod';
import { bodyId, fieldErrors, id } from '../common';
import { ADOPTION_TYPES, LIMITS } from '../enums';

/** POST /api/reach-farmers/: `user` is the DA recording (created_by). Same pair twice → same record. */
export const reachPayload = z.object({ advisory: bodyId, farmer: bodyId, user: bodyId }).strict();
export type ReachPayload = z.infer<typeof reachPayload>;
export const reachRecord = reachPayload.extend({ id, created_at: z.string() });
export type ReachRecord = z.infer<typeof reachRecord>;

export const adoptionPayload = z
  .object({ advisory: bodyId, farmer: bodyId, created_by: bodyId, adoption_type: z.enum(ADOPTION_TYPES) })
  .strict();
export type AdoptionPayload = z.infer<typeof adoptionPayload>;
export const adoptionRecord = adoptionPayload.extend({ id, created_at: z.string() });
export type AdoptionRecord = z.infer<typeof adoptionRecord>;

/** A farmer × advisory pair of a batch. */
export const recordPair = z.object({ advisory: bodyId, farmer: bodyId }).strict();
export type RecordPair = z.infer<typeof recordPair>;

/**
 * Batch form (beyond the spec): many pairs in one round trip for one DA; each pair succeeds or
 * fails on its own and is reported in order. Idempotent like the single calls.
 */
export const reachBatchPayload = z
  .object({ user: bodyId, records: z.array(recordPair).min(1).max(LIMITS.batchMax) })
  .strict();
export type ReachBatchPayload = z.infer<typeof reachBatchPayload>;
export const adoptionBatchPayload = z
  .object({
    created_by: bodyId,
    adoption_type: z.enum(ADOPTION_TYPES),
    records: z.array(recordPair).min(1).max(LIMITS.batchMax),
  })
  .strict();
export type AdoptionBatchPayload = z.infer<typeof adoptionBatchPayload>;

export const batchItemResult = z.union([
  z.object({ advisory: id, farmer: id, ok: z.literal(true), id, created: z.boolean() }),
  z.object({ advisory: id, farmer: id, ok: z.literal(false), errors: fieldErrors }),
]);
export const batchResult = z.object({
  recorded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  results: z.array(batchItemResult),
});
export type BatchResult = z.infer<typeof batchResult>;
