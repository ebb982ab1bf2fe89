import { z } from 'zod';
import { id } from '../common';

/**
 * Categories, value chains, practices and sub-practices share a shape; `name_am` and `name_om`
 * when known (additive: an organisation's backend may send neither).
 */
export const hierarchyItem = z.object({
  id,
  name: z.string(),
  name_am: z.string().nullable().optional(),
  name_om: z.string().nullable().optional(),
});
export type HierarchyItem = z.infer<typeof hierarchyItem>;

export const valueChainCategory = hierarchyItem;
export const valueChain = hierarchyItem.extend({ category: id });
export const practice = hierarchyItem.extend({ value_chain: id });
export const subPractice = hierarchyItem.extend({ practice: id });
export type ValueChainCategory = z.infer<typeof valueChainCategory>;
export type ValueChain = z.infer<typeof valueChain>;
export type Practice = z.infer<typeof practice>;
export type SubPractice = z.infer<typeof subPractice>;
