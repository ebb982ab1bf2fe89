import { z } from 'zod';
import { listOrPage, paginateQuery } from './common';
import {
  daEnrolment,
  enrolmentDecided,
  enrolmentDecision,
  enrolmentListQuery,
  person,
} from './entities/enrolment';
import { route } from './route';
import { routePaths } from './route-paths';
import { byId } from './routes-people';

/**
 * Enrolment decisions and finding people by phone (docs/authorization.md, "Verification
 * status"): the operator's `gebere pending|approve|reject|who` and the bot's Approve / Reject
 * buttons. Service token only: the answers carry phone numbers, and the bot acts for the
 * supervisor who tapped, whose grant the backend checks.
 */
export const enrolmentRoutes = {
  listDaEnrolments: route({
    ...routePaths.listDaEnrolments,
    query: paginateQuery.extend(enrolmentListQuery.shape),
    response: listOrPage(daEnrolment),
    policy: { who: 'service' },
    summary:
      "DA registration requests for the kebele each DA is in now, oldest first; by status and the DA's phone (operator only)",
  }),
  decideDaEnrolment: route({
    ...routePaths.decideDaEnrolment,
    params: byId,
    body: enrolmentDecision,
    response: enrolmentDecided,
    policy: { who: 'service' },
    summary:
      'Approve or reject a DA registration request: as the supervisor who tapped (telegram_id; 403 unless their ' +
      'supervisor grant covers the kebele now) or as an operator; a decided request answers already_decided',
  }),
  findPerson: route({
    ...routePaths.findPerson,
    query: z.object({ phone_number: z.string().min(1).max(32) }),
    response: person,
    policy: { who: 'service' },
    summary:
      'What the backend knows of a phone number: DA profiles with their areas, the bot user, the roster entry, ' +
      'grants and registration requests (operator only)',
  }),
} as const;
