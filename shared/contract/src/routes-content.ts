import { z } from 'zod';
import { id, listOrPage, page, paginateQuery } from './common';
import { advisory, advisoryAdminLevel } from './entities/advisory';
import { feedback, feedbackPayload } from './entities/feedback';
import { advisoryLocation, location } from './entities/locations';
import {
  locationNotification,
  notificationDetails,
  notificationPayload,
  notificationRecipients,
  notificationSettings,
  recipientsQuery,
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
import { hierarchyItem, practice, subPractice, valueChain } from './entities/value-chain';
import { route } from './route';
import { routePaths } from './route-paths';
import { byId } from './routes-people';

/**
 * The reference-data and records routes of {@link routes} (routes.ts): admin areas, value chains
 * and advisories, feedback, reach and adoption, notifications.
 */
/** An admin area's code in the shipped data (`ET03`, `ET031702888001`), to find one area by it. */
const areaCode = z.string().trim().min(1).max(32);

export const contentRoutes = {
  // Admin areas (public reference lists).
  listRegions: route({
    ...routePaths.listRegions,
    query: paginateQuery.extend({ code: areaCode.optional() }),
    response: listOrPage(location),
    policy: { who: 'public' },
    summary: 'Regions',
  }),
  listZones: route({
    ...routePaths.listZones,
    query: paginateQuery.extend({ region: id.optional(), code: areaCode.optional() }),
    response: listOrPage(location),
    policy: { who: 'public' },
    summary: 'Zones of a region, or the zone of a code (`code=ET0301`); one of the two is required',
  }),
  listWoredas: route({
    ...routePaths.listWoredas,
    query: paginateQuery.extend({ zone: id.optional(), code: areaCode.optional() }),
    response: listOrPage(location),
    policy: { who: 'public' },
    summary: 'Woredas of a zone, or the woreda of a code; one of the two is required',
  }),
  listKebeles: route({
    ...routePaths.listKebeles,
    query: paginateQuery.extend({ woreda: id.optional(), code: areaCode.optional() }),
    response: listOrPage(location),
    policy: { who: 'public' },
    summary: 'Kebeles of a woreda, or the kebele of a code; one of the two is required',
  }),

  // Value chains and advisories (public reference data).
  listValueChainCategories: route({
    ...routePaths.listValueChainCategories,
    query: paginateQuery,
    response: listOrPage(hierarchyItem),
    policy: { who: 'public' },
    summary: 'Value chain categories',
  }),
  listValueChains: route({
    ...routePaths.listValueChains,
    params: byId,
    query: paginateQuery.extend({ kebele_id: id.optional() }),
    response: listOrPage(valueChain),
    policy: { who: 'public' },
    summary: 'Value chains of category {id} that have advisories for the kebele',
  }),
  listPractices: route({
    ...routePaths.listPractices,
    query: paginateQuery.extend({ value_chain_id: id, kebele_id: id.optional() }),
    response: listOrPage(practice),
    policy: { who: 'public' },
    summary: 'Practices of a value chain',
  }),
  listSubPractices: route({
    ...routePaths.listSubPractices,
    params: byId,
    query: paginateQuery,
    response: listOrPage(subPractice),
    policy: { who: 'public' },
    summary: 'Sub-practices of practice {id}',
  }),
  listAdvisories: route({
    ...routePaths.listAdvisories,
    query: paginateQuery.extend({
      id: id.optional(),
      value_chain: id.optional(),
      sub_practice: id.optional(),
      location: advisoryLocation.optional(),
      /** Only advisories with feedback questions (the hub's feedback step). */
      with_questions: z.enum(['true', 'false']).optional(),
    }),
    response: page(advisory),
    policy: { who: 'public' },
    summary: 'Advisories (most recent first); ?id= gives one with its feedback_questions in results[0]',
  }),
  getAdvisoryAdminLevel: route({
    ...routePaths.getAdvisoryAdminLevel,
    params: byId,
    response: advisoryAdminLevel,
    policy: { who: 'public' },
    summary: 'The admin area advisory {id} is targeted at',
  }),

  // Feedback, reach and adoption.
  createFeedback: route({
    ...routePaths.createFeedback,
    body: feedbackPayload,
    response: feedback,
    status: 201,
    policy: { who: 'bot_user', self: { bot_user: ['body.user'] }, lateSync: true },
    summary: 'Answer one feedback question (user must be the acting bot user)',
  }),
  createReach: route({
    ...routePaths.createReach,
    body: reachPayload,
    response: reachRecord,
    status: 201,
    policy: { who: 'da', self: { da: ['body.user'] }, scope: [['farmer', 'body.farmer']], lateSync: true },
    summary: 'Record reach; the same pair again returns the existing record (200)',
  }),
  createReachBatch: route({
    ...routePaths.createReachBatch,
    body: reachBatchPayload,
    response: batchResult,
    policy: { who: 'da', self: { da: ['body.user'] }, lateSync: true },
    summary: 'Record many reach pairs in one call; per-item results',
  }),
  createAdoption: route({
    ...routePaths.createAdoption,
    body: adoptionPayload,
    response: adoptionRecord,
    status: 201,
    policy: {
      who: 'da',
      self: { da: ['body.created_by'] },
      scope: [['farmer', 'body.farmer']],
      lateSync: true,
    },
    summary: 'Record adoption (SELF_REPORTED); idempotent like reach',
  }),
  createAdoptionBatch: route({
    ...routePaths.createAdoptionBatch,
    body: adoptionBatchPayload,
    response: batchResult,
    policy: { who: 'da', self: { da: ['body.created_by'] }, lateSync: true },
    summary: 'Record many adoption pairs in one call; per-item results',
  }),

  // Location notifications.
  createNotification: route({
    ...routePaths.createNotification,
    body: notificationPayload,
    response: locationNotification,
    status: 201,
    policy: { who: 'manager', self: { bot_user: ['body.created_by'] }, target: true },
    summary: 'Create a notification (created_by must be the acting bot user)',
  }),
  listNotificationsByCreator: route({
    ...routePaths.listNotificationsByCreator,
    params: z.object({ user_id: id }),
    query: paginateQuery,
    response: listOrPage(locationNotification),
    policy: { who: 'bot_user', self: { bot_user: ['params.user_id'] } },
    summary: "Active notifications of a creator (only the creator's own)",
  }),
  getNotificationDetails: route({
    ...routePaths.getNotificationDetails,
    params: byId,
    response: notificationDetails,
    policy: { who: 'bot_user', scope: [['own_notification', 'params.id']] },
    summary: 'One notification with its delivery counts (creator only)',
  }),
  countNotificationRecipients: route({
    ...routePaths.countNotificationRecipients,
    query: recipientsQuery,
    response: notificationRecipients,
    // A count of an area's DAs: only for a manager who may send there (docs/authorization.md).
    policy: { who: 'manager', target: true },
    summary:
      'How many DAs a notification to this target would reach, and the send rates (manager of that area)',
  }),
  updateNotificationSettings: route({
    ...routePaths.updateNotificationSettings,
    params: byId,
    body: notificationSettings,
    response: locationNotification,
    // The creator may always remove (`{active:false}`) their own, grant or not; an edit needs a
    // grant covering the target (`target`), as a create does.
    policy: {
      who: 'bot_user',
      self: { bot_user: ['body.created_by'] },
      scope: [['own_notification', 'params.id']],
      target: true,
    },
    summary:
      'Update a notification (a manager of its target), or {active:false} to remove it (its creator, ' +
      'with or without a grant)',
  }),
} as const;
