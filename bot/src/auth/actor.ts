import { createProofReader, type ProofOptions } from './proof';

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

/** 401 with one of two texts; the HTTP layer translates `reason` into the response. */
export class AuthenticationError extends Error {
  override name = 'AuthenticationError';
  readonly statusCode = 401;
  constructor(readonly reason: 'not_provided' | 'invalid') {
    super(reason === 'not_provided' ? 'Authentication credentials were not provided.' : 'Invalid proof');
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

/** Throws {@link AuthenticationError}; answers synchronously when the lookup does. */
export type ActorResolver<BotUser, Da> = (request: {
  headers: { authorization?: string | undefined };
}) => Actor<BotUser, Da> | Promise<Actor<BotUser, Da>>;

const SERVICE = Object.freeze({ kind: 'service' as const });

export function createActorResolver<BotUser, Da>(
  options: ActorResolverOptions<BotUser, Da>,
): ActorResolver<BotUser, Da> {
  const readProof = options.readProof ?? createProofReader(options);
  return (request) => {
    const result = readProof(request.headers.authorization);
    if (!result.ok) throw new AuthenticationError(result.reason === 'missing' ? 'not_provided' : 'invalid');
    const { proof } = result;
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
