/**
 * The hand-back whose close waits for its success toast (hand-back.ts): the same result pressed
 * again meanwhile is not sent twice. Dependency-free, so the test setup can reset it.
 */
export const closing: { data: string | null } = { data: null };

export function resetClosingForTests(): void {
  closing.data = null;
}
