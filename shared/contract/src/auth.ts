/**
 * Proof of identity (docs/architecture.md "Identity and trust"). Every call carries one of these in
 * `Authorization`:
 *   - `tma <raw initData>`          Telegram's signed launch data (inline or menu button launches)
 *   - `link <path>?<query>`         a link the bot signed; the whole link as the screen received it
 *   - `Bearer <service token>`      the bot and the notification engine
 */
export const PROOF_SCHEME = { initData: 'tma', link: 'link', service: 'Bearer' } as const;

/**
 * Query parameters a signed link adds to the spec's own: `tg` the Telegram user the link was
 * made for (the acting user), `exp` expiry in Unix seconds, `sig` base64url HMAC-SHA256 over
 * {@link canonicalLink} with the server's LINK_SECRET.
 */
export const LINK_PARAMS = { user: 'tg', expires: 'exp', signature: 'sig' } as const;

/**
 * The signed string: the path, then every parameter but `sig` sorted by name and value,
 * URL-encoded. Sorting makes the signature independent of parameter order.
 */
export function canonicalLink(path: string, params: URLSearchParams): string {
  const entries = [...params.entries()]
    .filter(([k]) => k !== LINK_PARAMS.signature)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  return `${path}?${new URLSearchParams(entries).toString()}`;
}

export function proofHeader(proof: { kind: 'initData' | 'link' | 'service'; value: string }): string {
  return `${PROOF_SCHEME[proof.kind]} ${proof.value}`;
}
