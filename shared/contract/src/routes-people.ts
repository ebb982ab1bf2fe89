import { z } from 'zod';
import { id, listOrPage, paginateQuery } from './common';
import { botUser, botUserPatch, botUserUpsert } from './entities/bot-user';
import { daPayload, daProfile, daRole } from './entities/da';
import { developmentGroup, developmentGroupPayload } from './entities/development-group';
import { farmer, farmerListed, farmerPayload } from './entities/farmer';
import { reportUser, reportUserPayload } from './entities/report-user';
import { route } from './route';
import { routePaths } from './route-paths';

export const byId = z.object({ id });
const phoneQuery = paginateQuery.extend({ phone_number: z.string().min(1).max(32) });

/** The people and groups routes of {@link routes} (routes.ts): groups, farmers, DAs, users. */
export const peopleRoutes = {
  // Development groups.
  listDevelopmentGroups: route({
    ...routePaths.listDevelopmentGroups,
    query: paginateQuery.extend({ kebele: id.optional(), created_by: id.optional() }),
    response: listOrPage(developmentGroup),
    access: 'user',
    summary: 'Development groups of a kebele (or of a DA)',
  }),
  createDevelopmentGroup: route({
    ...routePaths.createDevelopmentGroup,
    body: developmentGroupPayload,
    response: developmentGroup,
    status: 201,
    access: 'user',
    summary: 'Add a development group (created_by must be the acting DA)',
  }),
  getDevelopmentGroup: route({
    ...routePaths.getDevelopmentGroup,
    params: byId,
    response: developmentGroup,
    access: 'user',
    summary: 'One development group',
  }),

  // Farmers.
  createFarmer: route({
    ...routePaths.createFarmer,
    body: farmerPayload,
    response: farmer,
    status: 201,
    access: 'user',
    summary: 'Register a farmer (three development_group variants)',
  }),
  listFarmers: route({
    ...routePaths.listFarmers,
    query: paginateQuery.extend({ outbound_development_group: id }),
    response: listOrPage(farmerListed),
    access: 'user',
    summary: 'Farmers of a development group',
  }),
  listFarmersForAdoption: route({
    ...routePaths.listFarmersForAdoption,
    params: byId,
    query: paginateQuery,
    response: listOrPage(farmerListed),
    access: 'user',
    summary: 'Farmers of development group {id} who have been reached by at least one advisory',
  }),

  // Development agents.
  createDa: route({
    ...routePaths.createDa,
    body: daPayload,
    response: daProfile,
    status: 201,
    access: 'user',
    summary: 'Register a DA (created_by must be the acting bot user)',
  }),
  updateDa: route({
    ...routePaths.updateDa,
    params: byId,
    body: daPayload,
    response: daProfile,
    access: 'user',
    summary: 'Update a DA profile (only the DA itself)',
  }),
  findDaProfiles: route({
    ...routePaths.findDaProfiles,
    query: phoneQuery,
    response: listOrPage(daProfile),
    access: 'user',
    summary: 'Look up a DA by phone (a user finds only itself; the service finds anyone)',
  }),
  findDevelopmentAgents: route({
    ...routePaths.findDevelopmentAgents,
    query: phoneQuery,
    response: listOrPage(daProfile),
    access: 'user',
    summary: 'Look up a DA by phone (second lookup path of the spec)',
  }),
  listDaRoles: route({
    ...routePaths.listDaRoles,
    query: paginateQuery,
    response: listOrPage(daRole),
    access: 'public',
    summary: 'DA roles',
  }),

  // Report users.
  createReportUser: route({
    ...routePaths.createReportUser,
    body: reportUserPayload,
    response: reportUser,
    status: 201,
    access: 'user',
    summary: 'Register a report user (created_by must be the acting Telegram user)',
  }),
  updateReportUser: route({
    ...routePaths.updateReportUser,
    params: byId,
    body: reportUserPayload,
    response: reportUser,
    access: 'user',
    summary: 'Update a report user (only its creator)',
  }),
  findReportUsers: route({
    ...routePaths.findReportUsers,
    query: paginateQuery.extend({ created_by: id }),
    response: listOrPage(reportUser),
    access: 'user',
    summary: "The acting Telegram user's report user profile (to prefill the update form)",
  }),

  // Bot users.
  upsertBotUser: route({
    ...routePaths.upsertBotUser,
    body: botUserUpsert,
    response: botUser,
    access: 'service',
    summary: 'Create or refresh the bot user of a Telegram user (bot only)',
  }),
  findBotUsers: route({
    ...routePaths.findBotUsers,
    query: paginateQuery.extend({ telegram_id: id }),
    response: listOrPage(botUser),
    access: 'user',
    summary: 'Bot user of a Telegram user (a user finds only itself)',
  }),
  patchBotUser: route({
    ...routePaths.patchBotUser,
    params: byId,
    body: botUserPatch,
    response: botUser,
    access: 'user',
    summary: 'Set verification_status (VERIFIED needs a linked DA profile) or language',
  }),
} as const;
