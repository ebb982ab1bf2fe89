import { z } from 'zod';
import { listOrPage } from './common';
import { duplicateSet, duplicatesQuery, mergePayload, mergeResult } from './entities/farmer-records';
import { IMPORT_MAX_BYTES, importKind, importPayload, importResult } from './entities/import';
import {
  locationNotification,
  operatorNotification,
  operatorNotificationsQuery,
} from './entities/notification';
import { route } from './route';
import { routePaths } from './route-paths';
import { byId } from './routes-people';

/** The operator's own calls (the `gebere` command line), service token only. */
export const opsRoutes = {
  importRows: route({
    ...routePaths.importRows,
    params: z.object({ kind: importKind }),
    body: importPayload,
    response: importResult,
    policy: { who: 'service' },
    bodyLimit: IMPORT_MAX_BYTES,
    summary:
      'Import a whole file of one kind in one transaction (upsert by natural key, all or nothing; ' +
      'dry_run writes nothing); a bad row is a 400 keyed `row <n>.<column>` (operator only)',
  }),

  // Notifications an operator stops and resumes (docs/authorization.md, "Revocation").
  listNotifications: route({
    ...routePaths.listNotifications,
    query: operatorNotificationsQuery,
    response: listOrPage(operatorNotification),
    policy: { who: 'service' },
    summary:
      "Active notifications, all or of one creator's phone, optionally only the paused ones, " +
      'newest first (operator only)',
  }),
  pauseNotification: route({
    ...routePaths.pauseNotification,
    params: byId,
    response: locationNotification,
    policy: { who: 'service' },
    summary:
      'Stop an active notification: kept, nothing of it sent (queued deliveries cancelled) until ' +
      'resumed (operator only)',
  }),
  resumeNotification: route({
    ...routePaths.resumeNotification,
    params: byId,
    response: locationNotification,
    policy: { who: 'service' },
    summary:
      'Resume a paused notification; 409 while its creator holds no notification-manager grant ' +
      'covering its target (operator only)',
  }),

  // The registry's duplicates (`gebere duplicates`, `gebere merge`; docs/decisions.md).
  findFarmerDuplicates: route({
    ...routePaths.findFarmerDuplicates,
    query: duplicatesQuery,
    response: z.array(duplicateSet),
    policy: { who: 'service', oneOf: ['query.kebele', 'query.woreda'] },
    summary:
      'Likely duplicate farmers of a kebele or woreda (not retired): the same phone (anywhere), the same ' +
      'three names in a kebele (operator only)',
  }),
  mergeFarmers: route({
    ...routePaths.mergeFarmers,
    body: mergePayload,
    response: mergeResult,
    policy: { who: 'service' },
    summary:
      "Merge a duplicate into the farmer kept: the duplicate's reach and adoption records are recorded for " +
      'the kept farmer (on their own days, by their own DAs) and taken back, then it is retired as a duplicate ' +
      '(operator only)',
  }),
} as const;
