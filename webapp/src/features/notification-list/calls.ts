import type { LocationNotification } from '@gebere/contract';
import { type ApiResult, api } from '../../lib/api/lazy-client';

/**
 * Spec §7: GET /api/location-notifications/by-creator/{user_id}, "results read from results or
 * from the data itself" (the contract's `asList`, inlined: importing the contract's values would
 * bring zod onto this screen's first load). Only active ones are listed (spec §2, §4), whatever
 * the server sends.
 */
export async function listNotifications(userId: number): Promise<ApiResult<LocationNotification[]>> {
  const result = await api.call('listNotificationsByCreator', {
    params: { user_id: userId },
    query: { paginate: 'false' },
  });
  if (!result.ok) return result;
  const list = Array.isArray(result.data) ? result.data : result.data.results;
  return { ...result, data: list.filter((n) => n.active) };
}
