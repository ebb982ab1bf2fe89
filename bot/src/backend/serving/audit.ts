import { ACTING_FOR_HEADER, OPERATOR_HEADER, OPERATOR_LABEL_MAX, type RouteDef } from '@gebere/contract';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types';
import type { Actor } from './actor-source';

const OPERATOR = OPERATOR_HEADER.toLowerCase();
const ACTING_FOR = ACTING_FOR_HEADER.toLowerCase();

const header = (request: FastifyRequest, name: string): string | undefined => {
  const raw = request.headers[name];
  return typeof raw === 'string' ? raw : undefined;
};

/** A label as the operator's command sent it (percent-encoded UTF-8): printable, one line, bounded. */
function operatorLabel(raw: string | undefined): string | undefined {
  let text = raw;
  try {
    text = raw === undefined ? raw : decodeURIComponent(raw);
  } catch {
    // Not percent-encoding after all: kept as sent.
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const label = text?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return label ? label.slice(0, OPERATOR_LABEL_MAX) : undefined;
}

/**
 * Who is writing, for the audit trail's triggers (migration 16 reads it as `gebere.audit`): the
 * Telegram user of the proof with their bot user, DA and verified phone, the proof (initData, or
 * the signed link of which screen; `late` when sent after it expired), or for the service token
 * the labels its holder gave (the gebere command's, the Telegram user the bot acts for).
 */
export function auditContext(
  def: RouteDef,
  actor: Actor | null,
  request: FastifyRequest,
  late: boolean,
): string {
  const route = `${def.method} ${def.path}`;
  if (actor === null || actor.kind === 'service') {
    const operator = operatorLabel(header(request, OPERATOR));
    const actingFor = header(request, ACTING_FOR);
    return JSON.stringify({
      actor: operator ? 'operator' : 'bot',
      proof: actor ? 'service' : null,
      operator,
      tg: actingFor && /^\d{1,15}$/.test(actingFor) ? Number(actingFor) : undefined,
      route,
      request: request.id,
    });
  }
  return JSON.stringify({
    actor: 'user',
    proof: actor.link ? 'link' : 'initData',
    late,
    screen: actor.link?.path,
    tg: actor.telegramUserId,
    bot_user: actor.botUser?.id,
    da: actor.da?.id,
    phone: actor.botUser?.phone_number ?? undefined,
    route,
    request: request.id,
  });
}

/** Names the writer for the rest of the transaction (local: it ends with the commit). */
export async function setAuditContext(tx: Queryable, context: string): Promise<void> {
  await tx.query("select set_config('gebere.audit', $1, true)", [context]);
}
