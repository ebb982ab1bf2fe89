import { z } from 'zod';
import { bodyString, id } from './common';
import { gender, LIMITS, RETIRE_REASONS } from './enums';

/** Names as the server stored them; NUL and lone surrogates never reach a summary. */
const name = bodyString(LIMITS.handBackNameMax).min(1);
const count = z.number().int().nonnegative().max(1_000_000);

/** The farmer as the server saved it (spec §4: "the data … go to the container"). */
const savedFarmerData = z.object({
  id,
  farmer_name: bodyString(255),
  father_name: bodyString(255),
  grand_father_name: bodyString(255),
  phone_number: bodyString(32).nullable(),
  gender,
  kebele: id,
  development_group: id,
  created_by: id,
});

/**
 * What a screen hands back to the bot (docs/architecture.md "Handing results back to Telegram"): typed
 * facts, never text for the bot to say. The bot or server renders the summary in the user's
 * language. Each fits in Telegram's 4096-byte sendData.
 */
/** What a reach or adoption press did with its records, for the chat's summary. */
const recordsSent = {
  farmers: count,
  advisories: count,
  recorded: count,
  /** Refused by the server. */
  failed: count,
  /** No answer even after the retries: they may be saved (absent: none). */
  unconfirmed: count.optional(),
  /** No answer, kept in the app's outbox: sent when the signal returns (absent: none). */
  queued: count.optional(),
  /** Why the server refused the first refused record, in the DA's language (absent: none refused). */
  reason: name.optional(),
};

export const handBackResult = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('farmer_registered'),
    farmer_id: id,
    name,
    group_name: name,
    /**
     * Spec §4: on 201 "the data and status_code 201 go to the container". The screen always sends
     * both; optional here so a WebView still running the previous bundle is not refused.
     */
    status_code: z.literal(201).optional(),
    data: savedFarmerData.optional(),
  }),
  /**
   * The farmers a DA saved in one visit of the farmer form with "Register another", in order:
   * one summary for the batch (a single farmer is `farmer_registered`, as spec §4 has it). Each
   * carries what spec §4 hands back for a saved farmer, its data and status_code 201 (optional
   * here for a WebView still running the previous bundle).
   */
  z.object({
    kind: z.literal('farmers_registered'),
    farmers: z
      .array(
        z.object({
          farmer_id: id,
          name,
          group_name: name,
          status_code: z.literal(201).optional(),
          data: savedFarmerData.optional(),
        }),
      )
      .min(1)
      .max(LIMITS.farmerBatchListedMax),
  }),
  z.object({ kind: z.literal('group_added'), group_id: id, group_name: name }),
  z.object({ kind: z.literal('da_registered'), da_id: id, name, update: z.boolean() }),
  z.object({ kind: z.literal('report_user_saved'), report_user_id: id, name, update: z.boolean() }),
  z.object({ kind: z.literal('reach_recorded'), ...recordsSent }),
  z.object({ kind: z.literal('adoption_recorded'), ...recordsSent }),
  z.object({ kind: z.literal('feedback_sent'), advisory_id: id, answers: count }),
  /**
   * One batch of records the app kept while offline (its outbox), once every record of it was
   * settled on sync: how many the server saved, how many it refused, and the first refusals'
   * reasons (the server's own words, in the DA's language). Sent by the app at sync through the
   * companion server (webapp/src/lib/outbox/README.md "The chat's summary").
   */
  z.object({
    kind: z.literal('records_synced'),
    saved: count,
    refused: count,
    reasons: z.array(bodyString(LIMITS.handBackNameMax).min(1)).max(3),
  }),
  /**
   * A DA's correction of the registry (beyond the spec): a farmer's details corrected, a farmer
   * retired (moved, deceased, registered twice), or a reach or adoption record taken back.
   */
  z
    .object({
      kind: z.literal('registry_changed'),
      change: z.enum(['corrected', 'retired', 'reach_taken_back', 'adoption_taken_back']),
      farmer_id: id,
      name,
      /** Retired: why (moved, deceased, duplicate). */
      reason: z.enum(RETIRE_REASONS).optional(),
      /** Taken back: the advisory's label. */
      advisory: name.optional(),
    })
    // A retirement says why: the chat words it ("… is no longer in the registry: deceased").
    .refine((r) => r.change !== 'retired' || r.reason !== undefined, {
      message: 'a retirement needs its reason',
      path: ['reason'],
    }),
  z.object({ kind: z.literal('notification_saved'), notification_id: id, name, update: z.boolean() }),
  z.object({ kind: z.literal('notification_removed'), notification_id: id, name }),
]);
export type HandBackResult = z.infer<typeof handBackResult>;
export type HandBackKind = HandBackResult['kind'];

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** JSON for sendData; throws if the result would not fit Telegram's limit. */
export function encodeResult(result: HandBackResult): string {
  const json = JSON.stringify(handBackResult.parse(result));
  if (utf8Bytes(json) > LIMITS.sendDataBytes) throw new RangeError('hand-back result exceeds 4096 bytes');
  return json;
}

/** Parses what arrived as web_app_data or a /tg/result body; null when it is not a typed result. */
export function decodeResult(data: string): HandBackResult | null {
  if (utf8Bytes(data) > LIMITS.sendDataBytes) return null;
  try {
    const parsed = handBackResult.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** POST /tg/result on the companion server. */
export const handBackRequest = z.object({ result: handBackResult }).strict();
export type HandBackRequest = z.infer<typeof handBackRequest>;
export const handBackResponse = z.object({ delivered: z.enum(['answer_web_app_query', 'chat_message']) });
export type HandBackResponse = z.infer<typeof handBackResponse>;
