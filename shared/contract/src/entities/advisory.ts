import { z } from 'zod';
import { id } from '../common';
import { adminLevel } from '../enums';
import { feedbackQuestion } from './feedback';

export const advisory = z.object({
  id,
  label: z.string().nullable(),
  /** Amharic and Afaan Oromo labels, when written (additive: an organisation's backend may not send them). */
  label_am: z.string().nullable().optional(),
  label_om: z.string().nullable().optional(),
  template_content: z.array(z.string()),
  /** Amharic and Afaan Oromo texts of the same advisory, when written. */
  template_content_am: z.array(z.string()).nullable().optional(),
  template_content_om: z.array(z.string()).nullable().optional(),
  sub_practice: id.nullable(),
  /**
   * Its sub-practice's name (and Amharic and Oromo names, when written), for spec §2's label of an
   * advisory with neither label nor text. Additive: an organisation's backend may not send it.
   */
  sub_practice_name: z.string().nullable().optional(),
  sub_practice_name_am: z.string().nullable().optional(),
  sub_practice_name_om: z.string().nullable().optional(),
  value_chain: id.nullable(),
  created_at: z.string(),
  feedback_questions: z.array(feedbackQuestion),
});
export type Advisory = z.infer<typeof advisory>;

/** GET /api/advisoryadmin-level/{id}/: the admin area an advisory is targeted at. */
export const advisoryAdminLevel = z.object({
  advisory: id,
  level: adminLevel,
  location_id: id,
  location_name: z.string(),
});
export type AdvisoryAdminLevel = z.infer<typeof advisoryAdminLevel>;
