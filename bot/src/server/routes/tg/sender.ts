import { type Language, resolveLanguage } from '@gebere/i18n';
import { createProofReader, type ProofOptions } from '../../../auth';

/** Who a hand-back request is from, and what its proof says about where the answer goes. */
export interface HandBackSender {
  telegramUserId: number;
  via: 'initData' | 'link';
  /** The chat the screen was opened for: a signed link's `chat_id`/`chatid`, else the user's own. */
  chatId: number;
  language: Language;
  /** initData of an inline-button or menu launch: answer with answerWebAppQuery. */
  queryId?: string;
}

export type SenderResult =
  | { ok: true; sender: HandBackSender }
  | { ok: false; reason: 'missing' | 'invalid' };

/** Spec §2 names the chat parameter `chat_id` on /feedback and `chatid` on reach/adoption. */
const CHAT_PARAMS = ['chat_id', 'chatid'] as const;

/**
 * Verification is bot/src/auth's (initData HMAC and freshness, signed links); this adds what
 * only the hand-back needs from an already verified proof: query_id, language and target chat.
 * Service tokens are not accepted: a hand-back always acts for a Telegram user.
 */
export function createSenderReader(
  options: Omit<ProofOptions, 'serviceToken'>,
): (authorization: string | undefined) => SenderResult {
  const readProof = createProofReader({ ...options, serviceToken: undefined });
  return (authorization) => {
    const result = readProof(authorization);
    // An expired proof hands nothing back (late sync is for the backend's creates only).
    if (!result.ok) return { ok: false, reason: result.reason === 'missing' ? 'missing' : 'invalid' };
    const { proof } = result;
    if (proof.kind !== 'user') return { ok: false, reason: 'invalid' };
    const { telegramUserId } = proof;
    if (proof.via === 'link') {
      const params = proof.link?.params ?? new URLSearchParams();
      const chat = CHAT_PARAMS.map((p) => params.get(p)).find((v) => v != null && v !== '');
      const chatId = chat === undefined ? telegramUserId : Number(chat);
      if (!Number.isSafeInteger(chatId)) return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        sender: { telegramUserId, via: 'link', chatId, language: resolveLanguage(params.get('lang')) },
      };
    }
    // Verified above, so reading its fields is safe.
    const raw = new URLSearchParams(authorization?.slice(authorization.indexOf(' ') + 1).trim() ?? '');
    const queryId = raw.get('query_id') ?? undefined;
    return {
      ok: true,
      sender: {
        telegramUserId,
        via: 'initData',
        chatId: telegramUserId,
        language: resolveLanguage(languageCode(raw.get('user'))),
        ...(queryId ? { queryId } : {}),
      },
    };
  };
}

function languageCode(userJson: string | null): string | undefined {
  try {
    const user: unknown = JSON.parse(userJson ?? 'null');
    const code =
      user && typeof user === 'object' ? (user as { language_code?: unknown }).language_code : undefined;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
