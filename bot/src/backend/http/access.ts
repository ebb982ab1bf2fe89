import type { Actor, ActorDa } from './actor';
import { forbidden } from './http-error';

/**
 * Identity rules (DESIGN.md "Identity and trust"): the service token acts for anyone; a user acts
 * only as themself, whatever a body says.
 */

/** The acting DA; 403 for a user who is not one. The service gets null (acts for any DA). */
export function requireDa(actor: Actor): ActorDa | null {
  if (actor.kind === 'service') return null;
  if (!actor.da) throw forbidden();
  return actor.da;
}

/** A body's created_by / user naming a DA must be the acting DA. */
export function assertActingDa(actor: Actor, daId: number): void {
  if (actor.kind === 'service') return;
  if (actor.da?.id !== daId) throw forbidden();
}

/** A body's created_by / user naming a bot user must be the acting bot user. */
export function assertActingBotUser(actor: Actor, botUserId: number): void {
  if (actor.kind === 'service') return;
  if (actor.botUser?.id !== botUserId) throw forbidden();
}

/** A body's created_by naming a Telegram user must be the acting Telegram user. */
export function assertActingTelegramUser(actor: Actor, telegramId: number): void {
  if (actor.kind === 'service') return;
  if (actor.telegramUserId !== telegramId) throw forbidden();
}
