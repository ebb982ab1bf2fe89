import type {
  ContentType,
  Frequency,
  LocationNotification,
  NotificationPayload,
  NotificationSettings,
} from '@gebere/contract';
import { ALL, cascadeTarget } from '../../lib/api/admin-areas';

/** Spec §9 (zod-free copies: the contract's values would bring zod onto the first load). */
export const CONTENT_TYPES = [
  'advisory',
  'reach',
  'adoption',
  'farmer_registration',
] as const satisfies readonly ContentType[];
export const FREQUENCIES = ['weekly', 'monthly'] as const satisfies readonly Frequency[];
/** The contract's bound on `interval` (every 1–52 weeks or months). */
export const INTERVAL_MAX = 52;

/**
 * What the inputs hold. The cascade's values are area ids as text, '' for none and 'all' for
 * every area at that level; interval is the typed text.
 */
export interface NotificationFormValues {
  name: string;
  message: string;
  content_type: ContentType | '';
  region: string;
  zone: string;
  woreda: string;
  kebele: string;
  send_now: boolean;
  /** Telegram's paid broadcast (send-now only; national managers only, the server checks). */
  paid_broadcast: boolean;
  frequency: Frequency | '';
  interval: string;
}

export const FIELDS = [
  'name',
  'message',
  'content_type',
  'region',
  'zone',
  'woreda',
  'kebele',
  'send_now',
  'paid_broadcast',
  'frequency',
  'interval',
] as const satisfies readonly (keyof NotificationFormValues)[];

/** A 400's payload names that are not form fields: each shows on the field that sets it. */
export const RENAME = {
  location_type: 'region',
  location_id: 'region',
  region_id: 'region',
  zone_id: 'zone',
  woreda_id: 'woreda',
  kebele_id: 'kebele',
} as const;

export const emptyValues: NotificationFormValues = {
  name: '',
  message: '',
  content_type: '',
  region: '',
  zone: '',
  woreda: '',
  kebele: '',
  send_now: false,
  paid_broadcast: false,
  frequency: '',
  interval: '',
};

const areaId = (value: string) => (value && value !== ALL ? Number(value) : null);

type Fields = Omit<NotificationPayload, 'created_by'>;

/**
 * The payload fields of spec §3 from valid form values: the target is the deepest chosen area
 * (`cascadeTarget`), with the ids of the chosen areas above it (none for 'all'); send_now sends
 * no frequency or interval.
 */
export function toFields(v: NotificationFormValues): Fields {
  const target = cascadeTarget(v);
  const levels = ['region', 'zone', 'woreda', 'kebele'] as const;
  const depth = target.location_type === 'all' ? -1 : levels.indexOf(target.location_type);
  const idAt = (i: number) => (i <= depth ? areaId(v[levels[i] as (typeof levels)[number]]) : null);
  return {
    name: v.name.trim(),
    message: v.message.trim(),
    content_type: v.content_type as ContentType,
    send_now: v.send_now,
    location_type: target.location_type,
    location_id: target.location_id,
    region_id: idAt(0),
    zone_id: idAt(1),
    woreda_id: idAt(2),
    kebele_id: idAt(3),
    frequency: v.send_now ? null : (v.frequency as Frequency),
    interval: v.send_now ? null : Number(v.interval.trim()),
    // Only when chosen: absent is false (an update without it turns a paid one back to free).
    ...(v.send_now && v.paid_broadcast ? { paid_broadcast: true } : {}),
  };
}

export const createPayload = (v: NotificationFormValues, createdBy: number): NotificationPayload => ({
  ...toFields(v),
  created_by: createdBy,
});

export const updatePayload = (v: NotificationFormValues): NotificationSettings => toFields(v);

/**
 * The form's values for a stored notification. The cascade shows the chosen areas and 'All'
 * at the level under the target (a notification for a region goes to all its zones); a
 * notification for everyone shows 'All' at region.
 */
export function valuesOf(n: LocationNotification): NotificationFormValues {
  const id = (x: number | null | undefined) => (x ? String(x) : '');
  const cascade = {
    region: id(n.region_id),
    zone: id(n.zone_id),
    woreda: id(n.woreda_id),
    kebele: id(n.kebele_id),
  };
  const levels = ['region', 'zone', 'woreda', 'kebele'] as const;
  if (n.location_type === 'all') cascade.region = ALL;
  else {
    // The target's own id is location_id, whatever the level fields say.
    cascade[n.location_type] = id(n.location_id);
    const below = levels[levels.indexOf(n.location_type) + 1];
    if (below) cascade[below] = ALL;
  }
  return {
    name: n.name,
    message: n.message,
    content_type: n.content_type,
    ...cascade,
    send_now: n.send_now,
    paid_broadcast: n.paid_broadcast,
    frequency: n.frequency ?? '',
    interval: n.interval ? String(n.interval) : '',
  };
}
