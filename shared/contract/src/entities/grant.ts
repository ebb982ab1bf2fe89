import { z } from 'zod';
import { bodyId, id } from '../common';
import { locationType } from '../enums';
import { GRANT_ROLES } from '../policy';

export const grantRole = z.enum(GRANT_ROLES);

/** An area a grant covers: 'all' (national, no id) or one admin area. */
const grantArea = z.object({ location_type: locationType, location_id: id.nullable() });

/**
 * A granted area and the areas above it (ids, null above the nation or below the area): which
 * region a zone grant lies in, so a form can offer that region and nothing else.
 */
export const grantPlace = z.object({
  region: id.nullable(),
  zone: id.nullable(),
  woreda: id.nullable(),
  kebele: id.nullable(),
});

/** What the caller holds, as the bot user answer carries it. */
export const heldGrant = grantArea.extend({ role: grantRole });
export type HeldGrant = z.infer<typeof heldGrant>;

/**
 * Operator only (service token): grant or revoke a role for whoever owns a phone number, now or
 * later (the grant applies once that phone is verified by the bot). 'all' takes no location_id.
 */
export const grantPayload = z
  .object({
    phone_number: z.string().min(1).max(32),
    role: grantRole,
    location_type: locationType,
    location_id: bodyId.nullable().optional(),
  })
  .strict()
  .superRefine((g, ctx) => {
    if (g.location_type === 'all' && g.location_id != null)
      ctx.addIssue({ code: 'custom', path: ['location_id'], message: 'not_with_all' });
    if (g.location_type !== 'all' && g.location_id == null)
      ctx.addIssue({ code: 'custom', path: ['location_id'], message: 'required' });
  });
export type GrantPayload = z.infer<typeof grantPayload>;

export const roleGrant = heldGrant.extend({ id, phone_number: z.string(), created_at: z.string() });
export type RoleGrant = z.infer<typeof roleGrant>;

export const revokeResult = z.object({
  revoked: z.number().int().nonnegative(),
  /** The creator's notifications no grant of theirs covers any more, paused by this revocation. */
  paused: z.number().int().nonnegative().optional(),
});
