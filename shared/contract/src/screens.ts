import type { FieldRef } from './policy';
import type { RouteName } from './route-paths';

/**
 * The screens of spec §2 as the bot links to them, and what a signed link to each one grants
 * (docs/authorization.md "Links"). A link proves who the user is only for the calls its screen
 * makes, and only with its own parameters: `bind` maps a request field to the link parameter it
 * must equal (`list: true`: one of the comma-separated values). Public routes need no proof, so
 * they are not listed. A screen reached inside the app (notification update from the list) is
 * granted through the screen that opened it.
 */
export interface LinkCall {
  bind?: Array<{ field: FieldRef; param: string; list?: true }>;
}

export interface ScreenLink {
  path: string;
  calls: Partial<Record<RouteName, LinkCall>>;
}

const DA_FORM: ScreenLink['calls'] = {
  findDaProfiles: {},
  findDevelopmentAgents: {},
  createDa: { bind: [{ field: 'body.created_by', param: 'user_id' }] },
  updateDa: { bind: [{ field: 'body.created_by', param: 'user_id' }] },
  patchBotUser: { bind: [{ field: 'params.id', param: 'user_id' }] },
};

const RECORD: ScreenLink['calls'] = {
  getDevelopmentGroup: { bind: [{ field: 'params.id', param: 'selectedids', list: true }] },
  listFarmers: {
    bind: [{ field: 'query.outbound_development_group', param: 'selectedids', list: true }],
  },
  listFarmersForAdoption: { bind: [{ field: 'params.id', param: 'selectedids', list: true }] },
};

const NOTIFICATIONS: ScreenLink['calls'] = {
  createNotification: { bind: [{ field: 'body.created_by', param: 'bot_user_id' }] },
  listNotificationsByCreator: { bind: [{ field: 'params.user_id', param: 'bot_user_id' }] },
  getNotificationDetails: {},
  updateNotificationSettings: {},
};

const REPORT_USER: ScreenLink['calls'] = {
  findReportUsers: {},
  createReportUser: {},
  updateReportUser: {},
};

export const screenLinks = {
  home: { path: '/', calls: {} },
  daRegistration: { path: '/da_registration', calls: DA_FORM },
  daUpdateProfile: { path: '/da_update_profile', calls: DA_FORM },
  feedback: {
    path: '/feedback',
    calls: { createFeedback: { bind: [{ field: 'body.user', param: 'user_id' }] } },
  },
  farmerRegistration: {
    path: '/farmer_registration',
    calls: {
      listDevelopmentGroups: { bind: [{ field: 'query.kebele', param: 'kebele_id' }] },
      createFarmer: {
        bind: [
          { field: 'body.created_by', param: 'da_id' },
          { field: 'body.kebele', param: 'kebele_id' },
        ],
      },
    },
  },
  addDevelopmentGroup: {
    path: '/add_development_group',
    calls: {
      createDevelopmentGroup: {
        bind: [
          { field: 'body.created_by', param: 'da_id' },
          { field: 'body.kebele', param: 'kebele_id' },
        ],
      },
    },
  },
  recordReach: {
    path: '/record_reach',
    calls: {
      ...RECORD,
      createReach: { bind: [{ field: 'body.user', param: 'user_id' }] },
      createReachBatch: { bind: [{ field: 'body.user', param: 'user_id' }] },
    },
  },
  recordAdoption: {
    path: '/record_adoption',
    calls: {
      ...RECORD,
      createAdoption: { bind: [{ field: 'body.created_by', param: 'user_id' }] },
      createAdoptionBatch: { bind: [{ field: 'body.created_by', param: 'user_id' }] },
    },
  },
  notificationList: { path: '/notification/list', calls: NOTIFICATIONS },
  notificationCreate: { path: '/notification/create', calls: NOTIFICATIONS },
  registerReportUser: { path: '/register_report_user', calls: REPORT_USER },
} as const satisfies Record<string, ScreenLink>;

export type ScreenName = keyof typeof screenLinks;

const byPath = new Map<string, ScreenLink>(Object.values(screenLinks).map((s) => [s.path, s]));

/** The screen a link's path names, if any. */
export function screenOfPath(path: string): ScreenLink | undefined {
  return byPath.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
}
