import { CAPTURED_AT_HEADER, judgeLateCapture, type LateSyncRefusal } from '@gebere/contract';
import { createProofReader, type ProofOptions, type ProofResult } from './proof';

/**
 * Who is acting on a request. The acting user always comes from the proof, never from a body
 * field; `botUser` and `da` are what the backend knows about that Telegram user (absent before
 * the bot has seen them, or before they registered as a DA).
 */
export type Actor<BotUser, Da> =
  | { kind: 'service' }
  | {
      kind: 'user';
      telegramUserId: number;
      botUser?: BotUser;
      da?: Da;
      link?: { path: string; params: URLSearchParams };
    };

/**
 * 401; the HTTP layer translates `reason` into the response. `late` says why a record sent after
 * its proof expired was refused (contract late-sync.ts), with the grace in days for the text.
 */
export class AuthenticationError extends Error {
  override name = 'AuthenticationError';
  readonly statusCode = 401;
  constructor(
    readonly reason: 'not_provided' | 'invalid',
    readonly late?: { refusal: LateSyncRefusal; graceDays: number },
  ) {
    super(
      late
        ? `Late record refused (${late.refusal})`
        : reason === 'not_provided'
          ? 'Authentication credentials were not provided.'
          : 'Invalid proof',
    );
  }
}

type Found<BotUser, Da> = { botUser: BotUser; da: Da | null } | null;

export interface ActorResolverOptions<BotUser, Da> extends ProofOptions {
  /**
   * Loads the bot user (and its DA profile) of a Telegram user; null when there is none. May
   * answer synchronously (a cache hit), which saves the request a few promise hops.
   */
  lookup: (telegramUserId: number) => Found<BotUser, Da> | Promise<Found<BotUser, Da>>;
  /** A proof reader to share (its cache) with other readers of the same header; made here if absent. */
  readProof?: ReturnType<typeof createProofReader>;
}

type Headers = { authorization?: string | undefined } & Record<string, string | string[] | undefined>;

/**
 * Throws {@link AuthenticationError}; answers synchronously when the lookup does. `lateSync`: the
 * route and request allow a record captured under a since-expired proof (a `lateSync` route, with
 * an `Idempotency-Key`); then the capture time header decides.
 */
export type ActorResolver<BotUser, Da> = (
  request: { headers: Headers },
  options?: { lateSync?: boolean },
) => Actor<BotUser, Da> | Promise<Actor<BotUser, Da>>;

const SERVICE = Object.freeze({ kind: 'service' as const });
const CAPTURED_AT = CAPTURED_AT_HEADER.toLowerCase();

/** The proof of a late record, or the 401 that refuses it (contract late-sync.ts). */
function lateProof(result: ProofResult, headers: Headers, graceSeconds: number) {
  if (result.ok || result.reason !== 'expired' || graceSeconds <= 0)
    throw new AuthenticationError(!result.ok && result.reason === 'missing' ? 'not_provided' : 'invalid');
  const header = headers[CAPTURED_AT];
  const capturedAt = Array.isArray(header) ? undefined : header;
  const verdict = judgeLateCapture(result.window, capturedAt, Math.floor(Date.now() / 1000), graceSeconds);
  if (verdict === 'ok') return result.proof;
  if (verdict === 'invalid') throw new AuthenticationError('invalid');
  throw new AuthenticationError('invalid', {
    refusal: verdict,
    graceDays: Math.round(graceSeconds / 86_400),
  });
}

export function createActorResolver<BotUser, Da>(
  options: ActorResolverOptions<BotUser, Da>,
): ActorResolver<BotUser, Da> {
  const readProof = options.readProof ?? createProofReader(options);
  const grace = options.lateSyncSeconds ?? 0;
  return (request, how) => {
    const result = readProof(request.headers.authorization);
    // Authorization is then decided as for a live proof, with the user's state now.
    const proof = result.ok ? result.proof : lateProof(result, request.headers, how?.lateSync ? grace : 0);
    if (proof.kind === 'service') return SERVICE;
    const build = (found: Found<BotUser, Da>): Actor<BotUser, Da> => ({
      kind: 'user',
      telegramUserId: proof.telegramUserId,
      ...(found ? { botUser: found.botUser } : {}),
      ...(found?.da ? { da: found.da } : {}),
      ...(proof.link ? { link: proof.link } : {}),
    });
    const found = options.lookup(proof.telegramUserId);
    return found instanceof Promise ? found.then(build) : build(found);
  };
}
