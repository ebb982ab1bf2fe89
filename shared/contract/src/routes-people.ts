import { z } from 'zod';
import { id, listOrPage, paginateQuery } from './common';
import { botUser, botUserPatch, botUserUpsert } from './entities/bot-user';
import { daPayload, daProfile, daRole, outboundDa } from './entities/da';
import { developmentGroup, developmentGroupPayload } from './entities/development-group';
import { daSaved } from './entities/enrolment';
import { farmer, farmerListed, farmerPayload } from './entities/farmer';
import { grantPayload, revokeResult, roleGrant } from './entities/grant';
import { me } from './entities/me';
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
    policy: {
      who: 'reader',
      self: { da: ['query.created_by'] },
      scope: [['kebele', 'query.kebele']],
      oneOf: ['query.kebele', 'query.created_by'],
    },
    summary: 'Development groups of a kebele (or of a DA)',
  }),
  createDevelopmentGroup: route({
    ...routePaths.createDevelopmentGroup,
    body: developmentGroupPayload,
    response: developmentGroup,
    status: 201,
    policy: {
      who: 'da',
      self: { da: ['body.created_by'] },
      scope: [['kebele', 'body.kebele']],
      lateSync: true,
    },
    summary: 'Add a development group (created_by must be the acting DA)',
  }),
  getDevelopmentGroup: route({
    ...routePaths.getDevelopmentGroup,
    params: byId,
    response: developmentGroup,
    policy: { who: 'reader', scope: [['group', 'params.id']] },
    summary: 'One development group',
  }),

  // Farmers.
  createFarmer: route({
    ...routePaths.createFarmer,
    body: farmerPayload,
    response: farmer,
    status: 201,
    policy: {
      who: 'da',
      self: { da: ['body.created_by'] },
      scope: [['kebele', 'body.kebele']],
      lateSync: true,
    },
    summary: 'Register a farmer (three development_group variants)',
  }),
  listFarmers: route({
    ...routePaths.listFarmers,
    query: paginateQuery.extend({ outbound_development_group: id }),
    response: listOrPage(farmerListed),
    policy: { who: 'reader', scope: [['group', 'query.outbound_development_group']] },
    summary: 'Farmers of a development group',
  }),
  listFarmersForAdoption: route({
    ...routePaths.listFarmersForAdoption,
    params: byId,
    query: paginateQuery,
    response: listOrPage(farmerListed),
    policy: { who: 'reader', scope: [['group', 'params.id']] },
    summary: 'Farmers of development group {id} who have been reached by at least one advisory',
  }),

  // Development agents.
  createDa: route({
    ...routePaths.createDa,
    body: daPayload,
    response: daSaved,
    status: 201,
    policy: {
      who: 'registrant',
      self: { bot_user: ['body.created_by'] },
      ownPhone: { field: 'body.telegram_phone_number', required: true },
    },
    summary:
      'Register a DA (created_by must be the acting bot user); VERIFIED at once when the roster lists the ' +
      'verified phone for that kebele, else a request for a supervisor or an operator to decide',
  }),
  updateDa: route({
    ...routePaths.updateDa,
    params: byId,
    body: daPayload,
    response: daSaved,
    policy: {
      who: 'registrant',
      self: { bot_user: ['body.created_by'] },
      scope: [['own_da', 'params.id']],
      ownPhone: { field: 'body.telegram_phone_number', required: true },
    },
    summary:
      'Update a DA profile (only the DA itself); a move to a kebele neither the roster nor an approval ' +
      'covers makes the DA PENDING until it is decided',
  }),
  findDaProfiles: route({
    ...routePaths.findDaProfiles,
    query: phoneQuery,
    response: listOrPage(daProfile),
    policy: { who: 'user', ownPhone: { field: 'query.phone_number' } },
    summary: 'Look up a DA by phone (a user finds only itself; the service finds anyone)',
  }),
  findDevelopmentAgents: route({
    ...routePaths.findDevelopmentAgents,
    query: phoneQuery,
    response: listOrPage(outboundDa),
    policy: { who: 'user', ownPhone: { field: 'query.phone_number' } },
    summary:
      "Look up a DA by phone (second lookup path of the spec): profiles, then the organisation's roster",
  }),
  listDaRoles: route({
    ...routePaths.listDaRoles,
    query: paginateQuery,
    response: listOrPage(daRole),
    policy: { who: 'public' },
    summary: 'DA roles',
  }),

  // Report users.
  createReportUser: route({
    ...routePaths.createReportUser,
    body: reportUserPayload,
    response: reportUser,
    status: 201,
    policy: { who: 'user', self: { telegram: ['body.created_by'] } },
    summary: 'Register a report user (created_by must be the acting Telegram user)',
  }),
  updateReportUser: route({
    ...routePaths.updateReportUser,
    params: byId,
    body: reportUserPayload,
    response: reportUser,
    policy: {
      who: 'user',
      self: { telegram: ['body.created_by'] },
      scope: [['own_report_user', 'params.id']],
    },
    summary: 'Update a report user (only its creator)',
  }),
  findReportUsers: route({
    ...routePaths.findReportUsers,
    query: paginateQuery.extend({ created_by: id }),
    response: listOrPage(reportUser),
    policy: { who: 'user', self: { telegram: ['query.created_by'] } },
    summary: "The acting Telegram user's report user profile (to prefill the update form)",
  }),

  // Bot users.
  upsertBotUser: route({
    ...routePaths.upsertBotUser,
    body: botUserUpsert,
    response: botUser,
    policy: { who: 'service' },
    summary: 'Create or refresh the bot user of a Telegram user (bot only)',
  }),
  findBotUsers: route({
    ...routePaths.findBotUsers,
    query: paginateQuery.extend({ telegram_id: id }),
    response: listOrPage(botUser),
    policy: { who: 'user', self: { telegram: ['query.telegram_id'] } },
    summary: 'Bot user of a Telegram user (a user finds only itself)',
  }),
  patchBotUser: route({
    ...routePaths.patchBotUser,
    params: byId,
    body: botUserPatch,
    response: botUser,
    policy: { who: 'bot_user', scope: [['own_bot_user', 'params.id']] },
    summary: 'Set verification_status (VERIFIED needs a linked DA profile) or language',
  }),
  getMe: route({
    ...routePaths.getMe,
    response: me,
    // Any Telegram user, about themself only: the answer is made from the proof's user alone.
    policy: { who: 'user' },
    summary:
      "The caller's own state for the home hub and the notification screens: bot user, chosen language, DA, report user, grants (area and its place)",
  }),

  // Roles an operator grants (docs/authorization.md).
  listRoleGrants: route({
    ...routePaths.listRoleGrants,
    query: paginateQuery.extend({ phone_number: z.string().min(1).max(32).optional() }),
    response: listOrPage(roleGrant),
    policy: { who: 'service' },
    summary: 'Role grants, all or of one phone number (operator only)',
  }),
  createRoleGrant: route({
    ...routePaths.createRoleGrant,
    body: grantPayload,
    response: roleGrant,
    status: 201,
    policy: { who: 'service' },
    summary: 'Grant a role over an area to a phone number; the same grant again answers 200 (operator only)',
  }),
  revokeRoleGrant: route({
    ...routePaths.revokeRoleGrant,
    body: grantPayload,
    response: revokeResult,
    policy: { who: 'service' },
    summary: 'Revoke a role over an area from a phone number (operator only)',
  }),
} as const;
