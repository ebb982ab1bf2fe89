import type { FarmerPage, KebeleFarmer } from '@gebere/contract';
import type { ScreenParams } from '@gebere/contract/screens';
import { type ApiResult, api } from '../../lib/api/lazy-client';
import { firstGet } from '../../lib/api/light-get';

/**
 * The kebele's farmers, the screen's first request (the registry's plan: sent early by the launch
 * script, kept for offline use by read-through.ts). Unchecked on the light transport: the fields
 * the list and the search read are checked here, and a row without them is left out.
 */
export async function listKebeleFarmers(
  values: ScreenParams<'myFarmers'>,
): Promise<ApiResult<KebeleFarmer[]>> {
  const result = await firstGet('myFarmers', values);
  if (!result.ok) return result;
  const data = result.data as KebeleFarmer[] | { results?: KebeleFarmer[] };
  const list = Array.isArray(data) ? data : (data.results ?? []);
  return {
    ...result,
    data: list.filter((f) => typeof f?.id === 'number' && typeof f.farmer_name === 'string'),
  };
}

/** One farmer's page: details, group, and their reach and adoption records (kept for offline use). */
export const getFarmer = (id: number): Promise<ApiResult<FarmerPage>> =>
  api.read('getFarmer', { params: { id } });
