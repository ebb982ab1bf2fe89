import type { FieldRef } from '../policy';
import { REPORT_LEVELS } from '../reports';
import type { RouteName } from '../route-paths';
import {
  CHAT,
  DAY,
  FLAG,
  ID,
  IDS,
  KEYS,
  LANG_PARAM,
  oneOf,
  optional,
  type Params,
  type ParamValues,
  required,
  TEXT,
} from './params';

// The registry: one entry per screen of spec §2 (see index.ts for what an entry says).

/** A backend GET by route name, as the light transport sends it (`@gebere/api-client/transport`). */
export interface FirstRequest {
  name: RouteName;
  input: { params?: Record<string, string | number>; query?: Record<string, string | number> };
}

/** Request field → the link parameter it must equal (`{}`: the call needs nothing of the link). */
export type LinkCall<K extends string = string> = { [F in FieldRef]?: K };

export interface FirstLoad<P> {
  /** Called with the screen's parameters once the required ones are all valid. */
  request?(values: ParamValues<P>): FirstRequest;
  /** Modules of the view's folder (file names) loaded beside the data; the screen module is implied. */
  modules: readonly string[];
}

export interface ScreenSpec<P extends Params = Params> {
  path: string;
  aliases?: readonly string[];
  view: string;
  params: P;
  calls: Partial<Record<RouteName, LinkCall<Extract<keyof P, string>>>>;
  firstLoad: FirstLoad<P>;
}

/** Types one entry: its parameters' names check its link scope and its first request. */
const screen = <P extends Params, F extends FirstLoad<P>>(
  spec: Omit<ScreenSpec<P>, 'firstLoad'> & { firstLoad: F },
): ScreenSpec<P> & { firstLoad: F } => spec;

const DA_PARAMS = {
  user_id: required(ID),
  phone_number: optional(TEXT),
  update_outbound: optional(FLAG),
};

const DA_CALLS = {
  findDaProfiles: {},
  findDevelopmentAgents: {},
  createDa: { 'body.created_by': 'user_id' },
  updateDa: { 'body.created_by': 'user_id' },
  patchBotUser: { 'params.id': 'user_id' },
} satisfies ScreenSpec<typeof DA_PARAMS>['calls'];

/** Reach and adoption: the DA's lowest admin area (`kebele_id`, else …) locates the advisories. */
const RECORD_PARAMS = {
  chatid: optional(CHAT),
  user_id: required(ID),
  selectedids: required(IDS),
  kebele_id: optional(ID),
  woreda_id: optional(ID),
  zone_id: optional(ID),
  region_id: optional(ID),
  /**
   * Development groups created on this phone without signal (their outbox records' keys), picked in the hub beside `selectedids`; no server call reads it.
   */
  kept: optional(KEYS),
};

const RECORD_CALLS = {
  getDevelopmentGroup: { 'params.id': 'selectedids' },
  listFarmers: { 'query.outbound_development_group': 'selectedids' },
  listFarmersForAdoption: { 'params.id': 'selectedids' },
} satisfies ScreenSpec<typeof RECORD_PARAMS>['calls'];

const NOTIFICATION_PARAMS = { bot_user_id: required(ID) };

const NOTIFICATION_CALLS = {
  // The caller's own grants: the form offers only their areas, the list its form only to a manager.
  getMe: {},
  createNotification: { 'body.created_by': 'bot_user_id' },
  listNotificationsByCreator: { 'params.user_id': 'bot_user_id' },
  getNotificationDetails: {},
  countNotificationRecipients: {},
  updateNotificationSettings: {},
} satisfies ScreenSpec<typeof NOTIFICATION_PARAMS>['calls'];

const REPORT_USER_CALLS = { findReportUsers: {}, createReportUser: {}, updateReportUser: {} };

const noPlan = { modules: [] };

export const screens = {
  home: screen({
    path: '/',
    // The server serves the document at /index.html too: a bookmark of the file shows home.
    aliases: ['/index.html'],
    view: 'home',
    // The hub's own steps (`pick=`, @gebere/contract/hub): the development groups to record for
    // (record_reach, record_adoption), or the advisory to give feedback on, are picked here
    // before that screen opens.
    params: { pick: optional(oneOf('record_reach', 'record_adoption', 'feedback')) },
    // Opened from the chat's menu button (initData proof). A signed link to it proves who the
    // user is for nothing but their own state; the screens it opens need initData.
    calls: { getMe: {} },
    // The hub waits for the caller's own state (its entries follow from it).
    firstLoad: {
      request: () => ({ name: 'getMe', input: {} }),
      modules: [],
    },
  }),
  daRegistration: screen({
    path: '/da_registration',
    view: 'da-registration',
    params: DA_PARAMS,
    calls: DA_CALLS,
    firstLoad: { modules: ['da-form.tsx'] },
  }),
  daUpdateProfile: screen({
    path: '/da_update_profile',
    view: 'da-registration',
    params: DA_PARAMS,
    calls: DA_CALLS,
    firstLoad: { modules: ['da-form.tsx'] },
  }),
  feedback: screen({
    path: '/feedback',
    view: 'feedback',
    params: { chat_id: optional(CHAT), user_id: required(ID), advisory_id: required(ID) },
    calls: { createFeedback: { 'body.user': 'user_id' } },
    firstLoad: { modules: ['feedback-view.tsx'] },
  }),
  farmerRegistration: screen({
    path: '/farmer_registration',
    view: 'farmer-registration',
    params: { da_id: required(ID), kebele_id: required(ID) },
    calls: {
      listDevelopmentGroups: { 'query.kebele': 'kebele_id' },
      createFarmer: { 'body.created_by': 'da_id', 'body.kebele': 'kebele_id' },
    },
    // Spec §2: a loading indicator until the kebele's groups are loaded, then the form.
    firstLoad: {
      request: ({ kebele_id }) => ({
        name: 'listDevelopmentGroups',
        input: { query: { kebele: kebele_id, paginate: 'false' } },
      }),
      modules: ['farmer-form.tsx'],
    },
  }),
  // Beyond the spec (docs/decisions.md "Correcting records"): the kebele's farmers by group, a
  // search over them on the phone, and one farmer's page (`farmer`) with their records.
  myFarmers: screen({
    path: '/my_farmers',
    view: 'my-farmers',
    params: { da_id: required(ID), kebele_id: required(ID), farmer: optional(ID), edit: optional(FLAG) },
    // The writes name no kebele: the server finds the farmer's (or the record's) and decides.
    calls: {
      listKebeleFarmers: { 'query.kebele': 'kebele_id' },
      getFarmer: {},
      listDevelopmentGroups: { 'query.kebele': 'kebele_id' },
      updateFarmer: {},
      retireFarmer: {},
      takeBackReach: {},
      takeBackAdoption: {},
    },
    firstLoad: {
      request: ({ kebele_id }) => ({
        name: 'listKebeleFarmers',
        input: { query: { kebele: kebele_id, paginate: 'false' } },
      }),
      modules: [],
    },
  }),
  addDevelopmentGroup: screen({
    path: '/add_development_group',
    view: 'add-development-group',
    params: { da_id: required(ID), kebele_id: required(ID) },
    calls: {
      createDevelopmentGroup: { 'body.created_by': 'da_id', 'body.kebele': 'kebele_id' },
    },
    firstLoad: { modules: ['add-development-group-form.tsx'] },
  }),
  recordReach: screen({
    path: '/record_reach',
    view: 'reach-adoption',
    params: RECORD_PARAMS,
    calls: {
      ...RECORD_CALLS,
      createReach: { 'body.user': 'user_id' },
      createReachBatch: { 'body.user': 'user_id' },
    },
    firstLoad: noPlan,
  }),
  recordAdoption: screen({
    path: '/record_adoption',
    view: 'reach-adoption',
    params: RECORD_PARAMS,
    calls: {
      ...RECORD_CALLS,
      createAdoption: { 'body.created_by': 'user_id' },
      createAdoptionBatch: { 'body.created_by': 'user_id' },
    },
    firstLoad: noPlan,
  }),
  notificationCreate: screen({
    path: '/notification/create',
    view: 'notification-form',
    params: NOTIFICATION_PARAMS,
    calls: NOTIFICATION_CALLS,
    firstLoad: { modules: ['notification-form.tsx'] },
  }),
  notificationUpdate: screen({
    path: '/notification/update/:id',
    view: 'notification-form',
    params: { id: required(ID) },
    calls: {},
    firstLoad: { modules: ['notification-form.tsx'] },
  }),
  notificationList: screen({
    path: '/notification/list',
    view: 'notification-list',
    params: NOTIFICATION_PARAMS,
    calls: NOTIFICATION_CALLS,
    firstLoad: { modules: ['notification-cards.tsx'] },
  }),
  /**
   * Reports: an area's counts. Every view is a link (area, period, value chain), so
   * drilling down and back is the app's history; the server decides which areas the user sees.
   */
  reports: screen({
    path: '/reports',
    view: 'reports',
    params: {
      level: optional(oneOf(...REPORT_LEVELS)),
      area: optional(ID),
      from: optional(DAY),
      to: optional(DAY),
      value_chain: optional(ID),
    },
    calls: { getReport: {} },
    firstLoad: {
      request: (values) => ({
        name: 'getReport',
        input: {
          query: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
            string,
            string | number
          >,
        },
      }),
      modules: ['report-view.tsx'],
    },
  }),
  registerReportUser: screen({
    path: '/register_report_user',
    view: 'report-user',
    params: { update: optional(FLAG) },
    calls: REPORT_USER_CALLS,
    firstLoad: { modules: ['report-user-form.tsx'] },
  }),
};

export type Screens = typeof screens;
export type ScreenName = keyof Screens;
export type ScreenParams<S extends ScreenName> = ParamValues<Screens[S]['params']>;

/** A screen's parameters as a link carries them: its own, and the chat's language. */
export type LinkValues<S extends ScreenName> = ScreenParams<S> & { [LANG_PARAM]?: string };

export type Entry = ScreenSpec<Params>;
export const entries = Object.entries(screens) as Array<[ScreenName, Entry]>;
