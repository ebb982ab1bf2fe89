import type { NotificationPayload, NotificationSettings } from '@gebere/contract';
import { api } from '../../lib/api';
import { withRetries } from '../../lib/idempotent-call';

/** Spec §7: POST /api/location-notifications/; keyed, so transport failures are retried safely. */
export function createNotification(body: NotificationPayload, idempotencyKey: string) {
  return withRetries(() => api.call('createNotification', { body, idempotencyKey }));
}

/** Spec §7: GET /api/location-notifications/{id}/details (with its delivery counts). */
export function getNotification(id: number) {
  return api.call('getNotificationDetails', { params: { id } });
}

/** Spec §7: PUT …/{id}/update-settings/ with the form's fields, or `{active: false}` to remove. */
export function updateNotification(id: number, body: NotificationSettings) {
  return api.call('updateNotificationSettings', { params: { id }, body });
}
