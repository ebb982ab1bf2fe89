import { clearAdminAreaCache } from '../../lib/api/admin-areas';
import { installFakeFetch, json, route, type SeenRequest } from '../../test-kit/fake-fetch';

export const regions = [
  { id: 1, name: 'Amhara' },
  { id: 2, name: 'Oromia' },
];
const zones: Record<string, { id: number; name: string }[]> = {
  '1': [
    { id: 11, name: 'North Gondar' },
    { id: 12, name: 'West Gojjam' },
  ],
};
const woredas: Record<string, { id: number; name: string }[]> = { '11': [{ id: 111, name: 'Dabat' }] };
const kebeles: Record<string, { id: number; name: string }[]> = { '111': [{ id: 1111, name: 'Kebele 01' }] };

export const stored = (over: Record<string, unknown> = {}) => ({
  id: 30,
  name: 'Weekly reach reminder',
  message: 'Please record the reach of this week.',
  content_type: 'reach',
  send_now: false,
  paid_broadcast: false,
  location_type: 'zone',
  location_id: 11,
  region_id: 1,
  zone_id: 11,
  woreda_id: null,
  kebele_id: null,
  frequency: 'monthly',
  interval: 2,
  active: true,
  created_by: 5,
  created_at: '2025-02-01T08:00:00Z',
  ...over,
});

type Respond = (req: SeenRequest) => Response;

/** The recipients count: 60,000 DAs (a national target), the engine's default rates, nothing queued. */
export const recipientsAnswer = (over: Record<string, number> = {}) => ({
  recipients: 60_000,
  rate_per_second: 30,
  paid_rate_per_second: 1000,
  send_now_queued: 0,
  paid_queued: 0,
  ...over,
});

/** `/api/me/` of the manager (bot user 5) holding these notification-manager grants. */
export const meWith = (grants: Array<Record<string, unknown>>) => ({
  telegram_id: 1005,
  chat_id: 1005,
  bot_user: { id: 5, verification_status: 'PENDING', language: 'en', phone_verified: true },
  da: null,
  report_user: null,
  grants: grants.map((g) => ({ role: 'notification_manager', ...g })),
});

/** The place of a grant's area in the test tree above (`/api/me/`'s `place`). */
export const placeOf = (o: { region?: number; zone?: number; woreda?: number; kebele?: number }) => ({
  region: o.region ?? null,
  zone: o.zone ?? null,
  woreda: o.woreda ?? null,
  kebele: o.kebele ?? null,
});

/**
 * The embedded backend's answers for the form: admin areas, create, details and update; `/api/me/`
 * only when `me` is given (else 404: the grants unknown, every area offered).
 */
export function notificationBackend({
  create = (req) => json(201, stored({ ...(req.body as object), id: 31 })),
  details = () =>
    json(200, {
      ...stored(),
      deliveries: {
        queued: 3,
        sent: 12,
        failed: 1,
        rate_per_second: 30,
        // 25 minutes from now, less a second of test time.
        expected_finish: new Date(Date.now() + 25 * 60_000 - 1_000).toISOString(),
      },
    }),
  update = (req) => json(200, stored(req.body as Record<string, unknown>)),
  recipients = () => json(200, recipientsAnswer()),
  me,
}: {
  create?: Respond;
  details?: Respond;
  update?: Respond;
  recipients?: Respond;
  me?: Respond;
} = {}) {
  clearAdminAreaCache();
  return installFakeFetch(
    ...(me ? [route('GET', '/backend/api/me/', me)] : []),
    route('GET', '/backend/regions/', () => json(200, regions)),
    route('GET', '/backend/zones/', (r) => json(200, zones[r.query.get('region') ?? ''] ?? [])),
    route('GET', '/backend/woredas/', (r) => json(200, woredas[r.query.get('zone') ?? ''] ?? [])),
    route('GET', '/backend/kebeles/', (r) => json(200, kebeles[r.query.get('woreda') ?? ''] ?? [])),
    route('POST', '/backend/api/location-notifications/', create),
    route('GET', '/backend/api/location-notifications/30/details', details),
    route('PUT', '/backend/api/location-notifications/30/update-settings/', update),
    route('GET', '/backend/api/location-notifications/recipients/', recipients),
    route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
  );
}
