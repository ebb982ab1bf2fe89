import { DEMO_SESSIONS } from './demo/activity';
import { LIVESTOCK_NRM_ADVISORIES } from './demo/advisories-livestock-nrm';
import { PLANT_ADVISORIES } from './demo/advisories-plant';
import { DEMO_CATEGORIES, DEMO_ROLES, DEMO_VALUE_CHAINS } from './demo/catalog';
import { DEMO_REPORT_USERS } from './demo/chat-users';
import { DEMO_FEEDBACK_QUESTIONS } from './demo/feedback';
import { DEMO_DAS, DEMO_FARMERS, DEMO_GROUPS } from './demo/people';
import { ANIMAL_PRACTICES } from './demo/practices-animal';
import { NRM_PRACTICES } from './demo/practices-nrm';
import { PLANT_PRACTICES } from './demo/practices-plant';
import type {
  DemoAdvisory,
  DemoCategory,
  DemoDa,
  DemoFarmer,
  DemoFeedbackQuestion,
  DemoGroup,
  DemoPractice,
  DemoReportUser,
  DemoRole,
  DemoSession,
  DemoSubPractice,
  DemoValueChain,
} from './demo/types';

/**
 * Demo content the embedded backend inserts when DEMO_DATA is on: the extension hierarchy
 * (categories → value chains → practices → sub-practices → advisories with feedback questions),
 * DA roles, a few DAs with their development groups and farmers, what they did with them over
 * the weeks before the seed (reach and adoption) and a report user. Plain data, no database
 * code; records point at each other by `ref` and at admin areas by their shipped code. Insert
 * in the order of the fields below and map each ref to the id the database gives it.
 */
export interface DemoContent {
  categories: DemoCategory[];
  valueChains: DemoValueChain[];
  practices: DemoPractice[];
  subPractices: DemoSubPractice[];
  advisories: DemoAdvisory[];
  feedbackQuestions: DemoFeedbackQuestion[];
  roles: DemoRole[];
  das: DemoDa[];
  groups: DemoGroup[];
  farmers: DemoFarmer[];
  sessions: DemoSession[];
  reportUsers: DemoReportUser[];
}

// Practices are written as trees per value chain; flattened here in value-chain order.
const trees = { ...PLANT_PRACTICES, ...ANIMAL_PRACTICES, ...NRM_PRACTICES };
const practices: DemoPractice[] = [];
const subPractices: DemoSubPractice[] = [];
for (const vc of DEMO_VALUE_CHAINS) {
  for (const p of trees[vc.ref] ?? []) {
    practices.push({ ref: p.ref, value_chain: vc.ref, name: p.name, name_am: p.name_am });
    for (const s of p.sub_practices) subPractices.push({ ...s, practice: p.ref });
  }
}

export const DEMO_CONTENT: DemoContent = {
  categories: DEMO_CATEGORIES,
  valueChains: DEMO_VALUE_CHAINS,
  practices,
  subPractices,
  advisories: [...PLANT_ADVISORIES, ...LIVESTOCK_NRM_ADVISORIES],
  feedbackQuestions: DEMO_FEEDBACK_QUESTIONS,
  roles: DEMO_ROLES,
  das: DEMO_DAS,
  groups: DEMO_GROUPS,
  farmers: DEMO_FARMERS,
  sessions: DEMO_SESSIONS,
  reportUsers: DEMO_REPORT_USERS,
};

export { PLACES as DEMO_PLACES } from './demo/places';
export type * from './demo/types';
