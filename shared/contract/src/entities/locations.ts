import { z } from 'zod';
import { id } from '../common';
import type { adminLevel } from '../enums';

/**
 * Region, zone, woreda and kebele lists all have this shape: `name` in Latin script, `name_am`
 * in Ethiopic script when known (every region and zone; woredas and kebeles once imported),
 * `name_om` in Afaan Oromo where it differs from `name` (the English words of a name translated).
 */
export const location = z.object({
  id,
  name: z.string(),
  name_am: z.string().nullable().optional(),
  name_om: z.string().nullable().optional(),
  code: z.string().optional(),
});
export type Location = z.infer<typeof location>;

/**
 * The advisory `location` query parameter (spec: `location={name,id}`): the admin level's name
 * and the area's id joined by a comma, e.g. `kebele,1234`. An advisory targeted at an area
 * applies to every area below it, so the backend answers the advisories of that area and of
 * all its ancestors, most recent first.
 */
export const advisoryLocation = z
  .string()
  .regex(/^(region|zone|woreda|kebele),[1-9]\d*$/, 'Expected level,id — for example kebele,1234')
  .transform((s) => {
    const [level, value] = s.split(',') as [z.infer<typeof adminLevel>, string];
    return { level, id: Number(value) };
  });
export const formatAdvisoryLocation = (level: z.infer<typeof adminLevel>, areaId: number) =>
  `${level},${areaId}`;
