import type { FarmerPage, FarmerPatch, KebeleFarmer, RetireReason } from '@gebere/contract';
import type { ScreenParams } from '@gebere/contract/screens';
import { kebeleFarmerRows } from '../../lib/api/da-reads';
import { type ApiResult, api } from '../../lib/api/lazy-client';
import { firstGet } from '../../lib/api/light-get';
import type { KeyedSend } from '../../lib/forms/save-then-hand-back';

/**
 * The kebele's farmers, the screen's first request (the registry's plan: sent early by the launch
 * script, kept for offline use by read-through.ts), its rows as `kebeleFarmerRows` reads them.
 */
export async function listKebeleFarmers(
  values: ScreenParams<'myFarmers'>,
): Promise<ApiResult<KebeleFarmer[]>> {
  const result = await firstGet('myFarmers', values);
  if (!result.ok) return result;
  return { ...result, data: kebeleFarmerRows(result.data) };
}

/** One farmer's page: details, group, and their reach and adoption records (kept for offline use). */
export const getFarmer = (id: number): Promise<ApiResult<FarmerPage>> =>
  api.read('getFarmer', { params: { id } });

/** Corrects a farmer (PATCH /api/farmers/{id}/), keyed by the save protocol (lib/forms). */
export const updateFarmer = (send: KeyedSend, id: number, body: FarmerPatch) =>
  send('updateFarmer', { params: { id }, body });

/** Retires a farmer with a reason (POST …/retire/), keyed by the save protocol. */
export const retireFarmer = (send: KeyedSend, id: number, reason: RetireReason) =>
  send('retireFarmer', { params: { id }, body: { reason } });

/** Takes a reach or adoption record back with a reason (POST …/take-back/), keyed. */
export const takeBack = (send: KeyedSend, kind: 'reach' | 'adoption', id: number, reason: string) =>
  send(kind === 'reach' ? 'takeBackReach' : 'takeBackAdoption', { params: { id }, body: { reason } });
