import type { NotificationPayload, NotificationSettings } from '@gebere/contract';
import { api } from '../../lib/api';

/** Spec §7: POST /api/location-notifications/. */
export function createNotification(body: NotificationPayload) {
  return api.call('createNotification', { body });
}

/** Spec §7: GET /api/location-notifications/{id}/details (with its delivery counts). */
export function getNotification(id: number) {
  return api.call('getNotificationDetails', { params: { id } });
}

/** Spec §7: PUT …/{id}/update-settings/ with the form's fields, or `{active: false}` to remove. */
export function updateNotification(id: number, body: NotificationSettings) {
  return api.call('updateNotificationSettings', { params: { id }, body });
}
