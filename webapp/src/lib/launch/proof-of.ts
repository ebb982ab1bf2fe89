import { LINK_PARAMS } from '@gebere/contract/auth';

export type Proof = { kind: 'initData' | 'link'; value: string };

/**
 * The proof of identity a launch carries (docs/architecture.md "Identity and trust"): Telegram's initData
 * when it gave one, else the bot's signed link exactly as received (path + query), else none (a
 * plain browser, or a link typed by hand). Pure, for proof.ts and the early GET.
 */
export function proofOf(rawInitData: string | undefined, pathname: string, search: string): Proof | null {
  if (rawInitData) return { kind: 'initData', value: rawInitData };
  if (new URLSearchParams(search).has(LINK_PARAMS.signature))
    return { kind: 'link', value: `${pathname}${search}` };
  return null;
}
