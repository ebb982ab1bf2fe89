import type { Queryable } from '../backend/db/types';
import { APPLIES } from '../backend/routes/areas';
import type { DeliveryContext } from './types';

/**
 * Reading what a claimed delivery needs to be worded: its recipient, its notification and, for
 * an advisory notification, the advisory. Separate from the claim (queue.ts) because it runs
 * after the claim has committed, outside the transaction that holds the rate row.
 */

interface ContextRow {
  id: number;
  notification_id: number;
  attempts: number;
  claimed_until: Date;
  bot_user_id: number;
  telegram_id: number;
  chat_id: number;
  language: string;
  da_id: number | null;
  kebele_id: number | null;
  name: string;
  message: string;
  content_type: DeliveryContext['contentType'];
  advisory_id: number | null;
  advisory_label: string | null;
  advisory_label_am: string | null;
  advisory_label_om: string | null;
  template_content: string[] | null;
  template_content_am: string[] | null;
  template_content_om: string[] | null;
}

/**
 * Everything needed to word the claimed deliveries, read after the claim has committed. For an
 * advisory notification: the latest advisory for the DA's kebele or an area above it, the rule
 * of the backend's advisory lookup (`APPLIES` over the DA's own area columns).
 */
export async function loadContexts(q: Queryable, ids: number[]): Promise<Map<number, DeliveryContext>> {
  const r = await q.query<ContextRow>(
    `select d.id, d.notification_id, d.attempts, d.claimed_until, u.id as bot_user_id, u.telegram_id,
       u.chat_id, u.language, p.id as da_id, p.kebele_id, n.name, n.message, n.content_type,
       adv.id as advisory_id, adv.label as advisory_label, adv.label_am as advisory_label_am,
       adv.label_om as advisory_label_om, adv.template_content, adv.template_content_am, adv.template_content_om
     from notification_deliveries d
     join bot_users u on u.id = d.bot_user_id
     join location_notifications n on n.id = d.notification_id
     left join da_profiles p on p.id = u.da_profile_id
     left join lateral (
       select a.id, a.label, a.label_am, a.label_om, a.template_content, a.template_content_am,
         a.template_content_om
       from (select p.kebele_id as k, p.woreda_id as w, p.zone_id as z, p.region_id as r) anc, advisories a
       where n.content_type = 'advisory' and ${APPLIES}
       order by a.created_at desc, a.id desc limit 1
     ) adv on true
     where d.id = any($1::bigint[])`,
    [ids],
  );
  const out = new Map<number, DeliveryContext>();
  for (const row of r.rows) {
    out.set(Number(row.id), {
      id: Number(row.id),
      notificationId: Number(row.notification_id),
      attempts: row.attempts,
      claimedUntil: row.claimed_until.getTime(),
      botUserId: Number(row.bot_user_id),
      telegramId: Number(row.telegram_id),
      chatId: Number(row.chat_id),
      language: row.language,
      daId: row.da_id === null ? null : Number(row.da_id),
      kebeleId: row.kebele_id === null ? null : Number(row.kebele_id),
      name: row.name,
      message: row.message,
      contentType: row.content_type,
      advisory:
        row.advisory_id === null
          ? null
          : {
              id: Number(row.advisory_id),
              label: row.advisory_label,
              label_am: row.advisory_label_am,
              label_om: row.advisory_label_om,
              template_content: row.template_content ?? [],
              template_content_am: row.template_content_am,
              template_content_om: row.template_content_om,
            },
    });
  }
  return out;
}
