import type { FarmerPayload } from '@gebere/contract';
import { farmerFullName, farmerNameKey } from '@gebere/contract/rules';
import { normalizePhone } from '@gebere/phone';
import { daReads, kebeleFarmerRows } from '../../lib/api/da-reads';
import { keptAnswer } from '../../lib/offline-cache/read-through';

/** A farmer of the kebele, as this phone keeps them, whom a registration would repeat. */
export type KeptDuplicate =
  | { kind: 'phone'; name: string; group: string }
  | { kind: 'names'; name: string; group: string };

/**
 * The server's duplicate checks (routes/farmer-checks.ts), made first on the phone against the
 * kebele's farmers as it keeps them (My farmers' list, read ahead by the hub): the same phone,
 * else the same three names as people read them. Without signal this is the only check until
 * sync; with signal the server checks again, so a list a few hours old can only ask once too
 * often. Undefined when nothing matches or nothing is kept.
 */
export async function keptDuplicate(
  kebele: number,
  farmer: Pick<FarmerPayload, 'farmer_name' | 'father_name' | 'grand_father_name' | 'phone_number'>,
): Promise<KeptDuplicate | undefined> {
  const kept = await keptAnswer(daReads.kebeleFarmers(kebele));
  const list = kebeleFarmerRows(kept?.data);
  const phone = farmer.phone_number ? normalizePhone(farmer.phone_number) : null;
  const samePhone = phone && list.find((f) => f.phone_number && normalizePhone(f.phone_number) === phone);
  if (samePhone) return { kind: 'phone', name: farmerFullName(samePhone), group: samePhone.group_name };
  const key = farmerNameKey(farmer);
  const sameNames = list.find(
    (f) =>
      farmerNameKey({
        farmer_name: f.farmer_name,
        father_name: f.father_name ?? '',
        grand_father_name: f.grand_father_name ?? '',
      }) === key,
  );
  return sameNames && { kind: 'names', name: farmerFullName(sameNames), group: sameNames.group_name };
}
