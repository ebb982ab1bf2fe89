import { DEMO_SESSIONS } from './demo/activity';
import { DEMO_REPORT_USERS } from './demo/chat-users';
import { DEMO_DAS, DEMO_FARMERS, DEMO_GROUPS } from './demo/people';
import type { DemoDa, DemoFarmer, DemoGroup, DemoReportUser, DemoSession } from './demo/types';

/**
 * What the embedded backend adds to the sample content (samples/*.csv, imported first) when
 * DEMO_DATA is on: DAs of the sample roster with their development groups and farmers, what they
 * did with them over the weeks before the seed (reach and adoption) and a report user. Plain
 * data, no database code; inserted in the order of the fields below (db/seed-demo.ts).
 */
export interface DemoPeople {
  das: DemoDa[];
  groups: DemoGroup[];
  farmers: DemoFarmer[];
  sessions: DemoSession[];
  reportUsers: DemoReportUser[];
}

export const DEMO_PEOPLE: DemoPeople = {
  das: DEMO_DAS,
  groups: DEMO_GROUPS,
  farmers: DEMO_FARMERS,
  sessions: DEMO_SESSIONS,
  reportUsers: DEMO_REPORT_USERS,
};

export { PLACES as DEMO_PLACES } from './demo/places';
export type * from './demo/types';
