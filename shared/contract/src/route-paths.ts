/**
 * Each route's method and path (spec §7), without schemas: what a client needs to make the
 * request. Kept apart from routes.ts so light first-screen GETs (and the API client's transport)
 * can build URLs without loading zod; routes.ts adds the schemas to these same entries.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const routePaths = {
  listRegions: { method: 'GET', path: '/regions/' },
  listZones: { method: 'GET', path: '/zones/' },
  listWoredas: { method: 'GET', path: '/woredas/' },
  listKebeles: { method: 'GET', path: '/kebeles/' },
  listDevelopmentGroups: { method: 'GET', path: '/api/development-groups/' },
  createDevelopmentGroup: { method: 'POST', path: '/api/development-groups/' },
  getDevelopmentGroup: { method: 'GET', path: '/api/development-groups/{id}/' },
  createFarmer: { method: 'POST', path: '/api/farmer-profiles/' },
  listFarmers: { method: 'GET', path: '/api/farmer-profiles/' },
  listFarmersForAdoption: { method: 'GET', path: '/api/farmerlist-adoption/{id}/' },
  createDa: { method: 'POST', path: '/api/da-profiles/' },
  updateDa: { method: 'PUT', path: '/api/da-profiles/{id}/' },
  findDaProfiles: { method: 'GET', path: '/api/da-profiles/' },
  findDevelopmentAgents: { method: 'GET', path: '/development-agents/' },
  listDaRoles: { method: 'GET', path: '/api/da-roles/' },
  createReportUser: { method: 'POST', path: '/api/report-users/' },
  updateReportUser: { method: 'PUT', path: '/api/report-users/{id}/' },
  findReportUsers: { method: 'GET', path: '/api/report-users/' },
  upsertBotUser: { method: 'POST', path: '/api/bot-users/' },
  findBotUsers: { method: 'GET', path: '/api/bot-users/' },
  patchBotUser: { method: 'PATCH', path: '/api/bot-users/{id}/' },
  getMe: { method: 'GET', path: '/api/me/' },
  listRoleGrants: { method: 'GET', path: '/api/role-grants/' },
  createRoleGrant: { method: 'POST', path: '/api/role-grants/' },
  revokeRoleGrant: { method: 'POST', path: '/api/role-grants/revoke/' },
  listDaEnrolments: { method: 'GET', path: '/api/da-enrolments/' },
  decideDaEnrolment: { method: 'POST', path: '/api/da-enrolments/{id}/decision/' },
  findPerson: { method: 'GET', path: '/api/people/' },
  importRows: { method: 'POST', path: '/api/import/{kind}/' },
  listValueChainCategories: { method: 'GET', path: '/api/value-chain-categories/' },
  listValueChains: { method: 'GET', path: '/api/value-chains/{id}/' },
  listPractices: { method: 'GET', path: '/api/practices/' },
  listSubPractices: { method: 'GET', path: '/api/sub-practices/subpractices_by_practice/{id}/' },
  listAdvisories: { method: 'GET', path: '/api/advisory/' },
  getAdvisoryAdminLevel: { method: 'GET', path: '/api/advisoryadmin-level/{id}/' },
  createFeedback: { method: 'POST', path: '/api/feedback/' },
  createReach: { method: 'POST', path: '/api/reach-farmers/' },
  createReachBatch: { method: 'POST', path: '/api/reach-farmers/batch/' },
  createAdoption: { method: 'POST', path: '/api/adoption/' },
  createAdoptionBatch: { method: 'POST', path: '/api/adoption/batch/' },
  createNotification: { method: 'POST', path: '/api/location-notifications/' },
  listNotificationsByCreator: { method: 'GET', path: '/api/location-notifications/by-creator/{user_id}' },
  getNotificationDetails: { method: 'GET', path: '/api/location-notifications/{id}/details' },
  countNotificationRecipients: { method: 'GET', path: '/api/location-notifications/recipients/' },
  updateNotificationSettings: { method: 'PUT', path: '/api/location-notifications/{id}/update-settings/' },
  listNotifications: { method: 'GET', path: '/api/location-notifications/' },
  pauseNotification: { method: 'POST', path: '/api/location-notifications/{id}/pause/' },
  resumeNotification: { method: 'POST', path: '/api/location-notifications/{id}/resume/' },
  getReport: { method: 'GET', path: '/api/reports/' },
  setReportDigest: { method: 'PUT', path: '/api/report-digest/' },
  getReportDigest: { method: 'GET', path: '/api/report-digest/' },
  listAuditRows: { method: 'GET', path: '/api/audit/' },
  getRecordHistory: { method: 'GET', path: '/api/history/' },
  listKebeleFarmers: { method: 'GET', path: '/api/farmers/' },
  getFarmer: { method: 'GET', path: '/api/farmers/{id}/' },
  updateFarmer: { method: 'PATCH', path: '/api/farmers/{id}/' },
  retireFarmer: { method: 'POST', path: '/api/farmers/{id}/retire/' },
  takeBackReach: { method: 'POST', path: '/api/reach-farmers/{id}/take-back/' },
  takeBackAdoption: { method: 'POST', path: '/api/adoption/{id}/take-back/' },
  findFarmerDuplicates: { method: 'GET', path: '/api/farmer-duplicates/' },
  mergeFarmers: { method: 'POST', path: '/api/farmers/merge/' },
} as const satisfies Record<string, { method: Method; path: string }>;

export type RouteName = keyof typeof routePaths;

/** Fills `{name}` placeholders; values are URL-encoded. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `/api/x/{id}/` → `/api/x/:id/`, the form Fastify and most routers use. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The key of whole-object messages in a DRF 400 body (`{field: [messages]}`). */
export const NON_FIELD_ERRORS = 'non_field_errors';

/**
 * A 400 that is not about a field's value but asks a question (beyond DRF): `error_code` names
 * it, `non_field_errors` words it, and its own key carries what the screen shows beside it. The
 * API client lifts these keys out of the field errors (`ApiError.errorCode`, `.duplicateOf`).
 */
export const ERROR_CODE = 'error_code';
/**
 * A farmer with the same three names is already registered (not retired) in the kebele: the
 * screen asks "register anyway?" and sends the payload again with `register_anyway: true`. The
 * farmer found is in `duplicate_of` ({@link DuplicateOf}).
 */
export const POSSIBLE_DUPLICATE = 'possible_duplicate';
export const DUPLICATE_OF = 'duplicate_of';

/** The farmer a {@link POSSIBLE_DUPLICATE} answer names. */
export interface DuplicateOf {
  id: number;
  farmer_name: string;
  father_name: string;
  grand_father_name: string;
  development_group: number;
  group_name: string;
}
