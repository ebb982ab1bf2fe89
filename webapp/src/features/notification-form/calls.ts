import type { LocationType, NotificationPayload, NotificationSettings } from '@gebere/contract';
import { api } from '../../lib/api/lazy-client';
import type { KeyedSend } from '../../lib/forms/save';

/** Spec §7: POST /api/location-notifications/, sent keyed by the save protocol (lib/forms). */
export function createNotification(send: KeyedSend, body: NotificationPayload) {
  return send('createNotification', { body });
}

/** Spec §7: GET /api/location-notifications/{id}/details (with its delivery counts). */
export function getNotification(id: number) {
  return api.call('getNotificationDetails', { params: { id } });
}

/**
 * Spec §7: PUT …/{id}/update-settings/ with the form's fields, or `{active: false}` to remove;
 * sent keyed by the save protocol (lib/forms).
 */
export function updateNotification(send: KeyedSend, id: number, body: NotificationSettings) {
  return send('updateNotificationSettings', { params: { id }, body });
}

/**
 * How many DAs a notification to this target would reach, each lane's rate and the send-now rows
 * queued in it (GET …/recipients/; only for a manager of that area): the form's hint before sending.
 */
export function countRecipients(target: { location_type: LocationType; location_id: number | null }) {
  const { location_type, location_id } = target;
  return api.call('countNotificationRecipients', {
    query: location_id === null ? { location_type } : { location_type, location_id },
  });
}
