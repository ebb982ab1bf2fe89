import { z } from 'zod';
import { id, listOrPage, page, paginateQuery } from './common';
import { advisory, advisoryAdminLevel } from './entities/advisory';
import { botUser, botUserPatch, botUserUpsert } from './entities/bot-user';
import { daPayload, daProfile, daRole } from './entities/da';
import { developmentGroup, developmentGroupPayload } from './entities/development-group';
import { farmer, farmerListed, farmerPayload } from './entities/farmer';
import { feedback, feedbackPayload } from './entities/feedback';
import { advisoryLocation, location } from './entities/locations';
import {
  locationNotification,
  notificationDetails,
  notificationPayload,
  notificationSettings,
} from './entities/notification';
import {
  adoptionBatchPayload,
  adoptionPayload,
  adoptionRecord,
  batchResult,
  reachBatchPayload,
  reachPayload,
  reachRecord,
} from './entities/records';
import { reportUser, reportUserPayload } from './entities/report-user';
import { hierarchyItem, practice, subPractice, valueChain } from './entities/value-chain';
import { route } from './route';

const byId = z.object({ id });
const phoneQuery = paginateQuery.extend({ phone_number: z.string().min(1).max(32) });

/**
 * Every call of spec §7, and the few the bot needs beyond it, declared once. The API client
 * and the embedded backend are both typed from this table; a backend test fails if one is
 * not served. Paths are relative to the backend base URL (`/backend` when embedded).
 */
export const routes = {
  // Admin areas (public reference lists).
  listRegions: route({
    method: 'GET',
    path: '/regions/',
    query: paginateQuery,
    response: listOrPage(location),
    access: 'public',
    summary: 'Regions',
  }),
  listZones: route({
    method: 'GET',
    path: '/zones/',
    query: paginateQuery.extend({ region: id }),
    response: listOrPage(location),
    access: 'public',
    summary: 'Zones of a region',
  }),
  listWoredas: route({
    method: 'GET',
    path: '/woredas/',
    query: paginateQuery.extend({ zone: id }),
    response: listOrPage(location),
    access: 'public',
    summary: 'Woredas of a zone',
  }),
  listKebeles: route({
    method: 'GET',
    path: '/kebeles/',
    query: paginateQuery.extend({ woreda: id }),
    response: listOrPage(location),
    access: 'public',
    summary: 'Kebeles of a woreda',
  }),

  // Development groups.
  listDevelopmentGroups: route({
    method: 'GET',
    path: '/api/development-groups/',
    query: paginateQuery.extend({ kebele: id.optional(), created_by: id.optional() }),
    response: listOrPage(developmentGroup),
    access: 'user',
    summary: 'Development groups of a kebele (or of a DA)',
  }),
  createDevelopmentGroup: route({
    method: 'POST',
    path: '/api/development-groups/',
    body: developmentGroupPayload,
    response: developmentGroup,
    status: 201,
    access: 'user',
    summary: 'Add a development group (created_by must be the acting DA)',
  }),
  getDevelopmentGroup: route({
    method: 'GET',
    path: '/api/development-groups/{id}/',
    params: byId,
    response: developmentGroup,
    access: 'user',
    summary: 'One development group',
  }),

  // Farmers.
  createFarmer: route({
    method: 'POST',
    path: '/api/farmer-profiles/',
    body: farmerPayload,
    response: farmer,
    status: 201,
    access: 'user',
    summary: 'Register a farmer (three development_group variants)',
  }),
  listFarmers: route({
    method: 'GET',
    path: '/api/farmer-profiles/',
    query: paginateQuery.extend({ outbound_development_group: id }),
    response: listOrPage(farmerListed),
    access: 'user',
    summary: 'Farmers of a development group',
  }),
  listFarmersForAdoption: route({
    method: 'GET',
    path: '/api/farmerlist-adoption/{id}/',
    params: byId,
    query: paginateQuery,
    response: listOrPage(farmerListed),
    access: 'user',
    summary: 'Farmers of development group {id} who have been reached by at least one advisory',
  }),

  // Development agents.
  createDa: route({
    method: 'POST',
    path: '/api/da-profiles/',
    body: daPayload,
    response: daProfile,
    status: 201,
    access: 'user',
    summary: 'Register a DA (created_by must be the acting bot user)',
  }),
  updateDa: route({
    method: 'PUT',
    path: '/api/da-profiles/{id}/',
    params: byId,
    body: daPayload,
    response: daProfile,
    access: 'user',
    summary: 'Update a DA profile (only the DA itself)',
  }),
  findDaProfiles: route({
    method: 'GET',
    path: '/api/da-profiles/',
    query: phoneQuery,
    response: listOrPage(daProfile),
    access: 'user',
    summary: 'Look up a DA by phone (a user finds only itself; the service finds anyone)',
  }),
  findDevelopmentAgents: route({
    method: 'GET',
    path: '/development-agents/',
    query: phoneQuery,
    response: listOrPage(daProfile),
    access: 'user',
    summary: 'Look up a DA by phone (second lookup path of the spec)',
  }),
  listDaRoles: route({
    method: 'GET',
    path: '/api/da-roles/',
    query: paginateQuery,
    response: listOrPage(daRole),
    access: 'public',
    summary: 'DA roles',
  }),

  // Report users.
  createReportUser: route({
    method: 'POST',
    path: '/api/report-users/',
    body: reportUserPayload,
    response: reportUser,
    status: 201,
    access: 'user',
    summary: 'Register a report user (created_by must be the acting Telegram user)',
  }),
  updateReportUser: route({
    method: 'PUT',
    path: '/api/report-users/{id}/',
    params: byId,
    body: reportUserPayload,
    response: reportUser,
    access: 'user',
    summary: 'Update a report user (only its creator)',
  }),
  findReportUsers: route({
    method: 'GET',
    path: '/api/report-users/',
    query: paginateQuery.extend({ created_by: id }),
    response: listOrPage(reportUser),
    access: 'user',
    summary: "The acting Telegram user's report user profile (to prefill the update form)",
  }),

  // Bot users.
  upsertBotUser: route({
    method: 'POST',
    path: '/api/bot-users/',
    body: botUserUpsert,
    response: botUser,
    access: 'service',
    summary: 'Create or refresh the bot user of a Telegram user (bot only)',
  }),
  findBotUsers: route({
    method: 'GET',
    path: '/api/bot-users/',
    query: paginateQuery.extend({ telegram_id: id }),
    response: listOrPage(botUser),
    access: 'user',
    summary: 'Bot user of a Telegram user (a user finds only itself)',
  }),
  patchBotUser: route({
    method: 'PATCH',
    path: '/api/bot-users/{id}/',
    params: byId,
    body: botUserPatch,
    response: botUser,
    access: 'user',
    summary: 'Set verification_status (VERIFIED needs a linked DA profile) or language',
  }),

  // Value chains and advisories (public reference data).
  listValueChainCategories: route({
    method: 'GET',
    path: '/api/value-chain-categories/',
    query: paginateQuery,
    response: listOrPage(hierarchyItem),
    access: 'public',
    summary: 'Value chain categories',
  }),
  listValueChains: route({
    method: 'GET',
    path: '/api/value-chains/{id}/',
    params: byId,
    query: paginateQuery.extend({ kebele_id: id.optional() }),
    response: listOrPage(valueChain),
    access: 'public',
    summary: 'Value chains of category {id} that have advisories for the kebele',
  }),
  listPractices: route({
    method: 'GET',
    path: '/api/practices/',
    query: paginateQuery.extend({ value_chain_id: id, kebele_id: id.optional() }),
    response: listOrPage(practice),
    access: 'public',
    summary: 'Practices of a value chain',
  }),
  listSubPractices: route({
    method: 'GET',
    path: '/api/sub-practices/subpractices_by_practice/{id}/',
    params: byId,
    query: paginateQuery,
    response: listOrPage(subPractice),
    access: 'public',
    summary: 'Sub-practices of practice {id}',
  }),
  listAdvisories: route({
    method: 'GET',
    path: '/api/advisory/',
    query: paginateQuery.extend({
      id: id.optional(),
      value_chain: id.optional(),
      sub_practice: id.optional(),
      location: advisoryLocation.optional(),
    }),
    response: page(advisory),
    access: 'public',
    summary: 'Advisories (most recent first); ?id= gives one with its feedback_questions in results[0]',
  }),
  getAdvisoryAdminLevel: route({
    method: 'GET',
    path: '/api/advisoryadmin-level/{id}/',
    params: byId,
    response: advisoryAdminLevel,
    access: 'public',
    summary: 'The admin area advisory {id} is targeted at',
  }),

  // Feedback, reach and adoption.
  createFeedback: route({
    method: 'POST',
    path: '/api/feedback/',
    body: feedbackPayload,
    response: feedback,
    status: 201,
    access: 'user',
    summary: 'Answer one feedback question (user must be the acting bot user)',
  }),
  createReach: route({
    method: 'POST',
    path: '/api/reach-farmers/',
    body: reachPayload,
    response: reachRecord,
    status: 201,
    access: 'user',
    summary: 'Record reach; the same pair again returns the existing record (200)',
  }),
  createReachBatch: route({
    method: 'POST',
    path: '/api/reach-farmers/batch/',
    body: reachBatchPayload,
    response: batchResult,
    access: 'user',
    summary: 'Record many reach pairs in one call; per-item results',
  }),
  createAdoption: route({
    method: 'POST',
    path: '/api/adoption/',
    body: adoptionPayload,
    response: adoptionRecord,
    status: 201,
    access: 'user',
    summary: 'Record adoption (SELF_REPORTED); idempotent like reach',
  }),
  createAdoptionBatch: route({
    method: 'POST',
    path: '/api/adoption/batch/',
    body: adoptionBatchPayload,
    response: batchResult,
    access: 'user',
    summary: 'Record many adoption pairs in one call; per-item results',
  }),

  // Location notifications.
  createNotification: route({
    method: 'POST',
    path: '/api/location-notifications/',
    body: notificationPayload,
    response: locationNotification,
    status: 201,
    access: 'user',
    summary: 'Create a notification (created_by must be the acting bot user)',
  }),
  listNotificationsByCreator: route({
    method: 'GET',
    path: '/api/location-notifications/by-creator/{user_id}',
    params: z.object({ user_id: id }),
    query: paginateQuery,
    response: listOrPage(locationNotification),
    access: 'user',
    summary: "Active notifications of a creator (only the creator's own)",
  }),
  getNotificationDetails: route({
    method: 'GET',
    path: '/api/location-notifications/{id}/details',
    params: byId,
    response: notificationDetails,
    access: 'user',
    summary: 'One notification with its delivery counts (creator only)',
  }),
  updateNotificationSettings: route({
    method: 'PUT',
    path: '/api/location-notifications/{id}/update-settings/',
    params: byId,
    body: notificationSettings,
    response: locationNotification,
    access: 'user',
    summary: 'Update a notification, or {active:false} to remove it (creator only)',
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
