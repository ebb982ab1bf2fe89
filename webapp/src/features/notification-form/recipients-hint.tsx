import type { LocationType, NotificationRecipients } from '@gebere/contract';
import { paidBroadcastStars } from '@gebere/contract/rules';
import { Section } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { cascadeTarget } from '../../lib/api/admin-areas';
import { type TFunction, useT } from '../../lib/i18n/texts';
import { countRecipients } from './calls';
import { finishIn } from './delivery-counts';
import type { NotificationFormValues } from './form-values';

/** Typing a cascade's levels one after another asks once, for where it stops. */
const SETTLE_MS = 400;

/**
 * The hint under the form: how many DAs the chosen target reaches (the backend counts them, as
 * the engine would queue them), and for a send-now when the last should be out at its lane's rate
 * behind the send-now rows already queued, and for a paid one what it costs in Stars.
 */
export function recipientsText(
  t: TFunction,
  d: NotificationRecipients,
  o: { sendNow: boolean; paid: boolean },
  now: number,
): string {
  const vars = { count: d.recipients };
  if (!o.sendNow) return t('notification.recipients.recurring', vars);
  const rate = o.paid ? d.paid_rate_per_second : d.rate_per_second;
  const ahead = o.paid ? d.paid_queued : d.send_now_queued;
  const finish = finishIn(t, new Date(now + ((ahead + d.recipients) / rate) * 1000).toISOString(), now) ?? '';
  if (!o.paid) return t('notification.recipients.now', { ...vars, finish });
  return t('notification.recipients.paid', {
    ...vars,
    finish,
    stars: paidBroadcastStars(d.recipients, rate),
  });
}

type Answer = { key: string; data: NotificationRecipients | null };

type TargetKey = { location_type: LocationType; location_id: number | null };
const targetOf = (key: string): TargetKey => {
  const [location_type, id] = key.split(':');
  return { location_type: location_type as LocationType, location_id: id ? Number(id) : null };
};
const ask = (key: string) => countRecipients(targetOf(key)).then((r) => (r.ok ? r.data : null));

export interface Recipients {
  /** The chosen target (`type:id`), '' before a region is chosen. */
  key: string;
  /** Its count: undefined while asked, null when the server would not or could not count it. */
  data: NotificationRecipients | null | undefined;
  sendNow: boolean;
  paid: boolean;
  /** The count of the target chosen now: the one shown, else asked at once (null: none known). */
  current: () => Promise<NotificationRecipients | null>;
}

/**
 * How many DAs the chosen target reaches (the backend counts them, as the engine would queue
 * them), asked once the cascade settles and again whenever the target changes: the hint shows it,
 * and saving warns when it is none.
 */
export function useRecipients(control: Control<NotificationFormValues>): Recipients {
  const [region, zone, woreda, kebele, sendNow, paid] = useWatch({
    control,
    name: ['region', 'zone', 'woreda', 'kebele', 'send_now', 'paid_broadcast'],
  });
  const target = cascadeTarget({ region, zone, woreda, kebele });
  const key = region ? `${target.location_type}:${target.location_id ?? ''}` : '';
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    const timer = setTimeout(() => {
      void ask(key).then((data) => {
        if (live) setAnswer({ key, data });
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  const data = answer?.key === key ? answer.data : undefined;
  return {
    key,
    data,
    sendNow,
    paid: sendNow && paid,
    current: async () => (!key ? null : data !== undefined ? data : ask(key)),
  };
}

/**
 * "This will reach N DAs, about X Stars, finishing in about T", shown before sending once a target
 * is chosen, and again whenever it changes. A count the server refuses (a target outside the
 * manager's area, which saving would refuse too) or cannot give shows nothing.
 */
export function RecipientsHint({ recipients }: { recipients: Recipients }) {
  const t = useT();
  const { key, data, sendNow, paid } = recipients;
  if (!key || data === null) return null;
  return (
    <Section>
      <p className="notification-recipients" role="status">
        {data
          ? recipientsText(t, data, { sendNow, paid }, Date.now())
          : t('notification.recipients.counting')}
      </p>
    </Section>
  );
}
