import { z } from 'zod';
import { id, listOrPage, paginateQuery } from './common';
import {
  farmerPage,
  farmerPatch,
  farmerRecord,
  farmerRetire,
  kebeleFarmer,
  takeBackPayload,
  takenBackRecord,
} from './entities/farmer-records';
import { route } from './route';
import { routePaths } from './route-paths';

const byId = z.object({ id });

/**
 * A DA's own records (beyond the spec; docs/authorization.md "Correcting records"): find any
 * farmer of the kebele, read one farmer's page, correct a mistake, retire a farmer, take a record
 * back. Read and changed by the kebele's VERIFIED DAs, the DA who made the record, and supervisors
 * whose grant covers it. The writes are idempotent and `lateSync`, so an outbox carries them.
 */
export const recordRoutes = {
  listKebeleFarmers: route({
    ...routePaths.listKebeleFarmers,
    query: paginateQuery.extend({ kebele: id }),
    response: listOrPage(kebeleFarmer),
    policy: { who: 'reader', scope: [['registry_kebele', 'query.kebele']] },
    summary:
      "The kebele's farmers not retired, with their phone and group, by id (for a search on the phone; " +
      'paginate=false lists up to 5,000)',
  }),
  getFarmer: route({
    ...routePaths.getFarmer,
    params: byId,
    response: farmerPage,
    policy: { who: 'reader', scope: [['registry_farmer', 'params.id']] },
    summary:
      "One farmer's page: details (retired ones too), group, registering DA, and the reach and adoption " +
      'records not taken back (advisory label, when, by whom, until when it can be taken back)',
  }),
  updateFarmer: route({
    ...routePaths.updateFarmer,
    params: byId,
    body: farmerPatch,
    response: farmerRecord,
    policy: { who: 'reader', scope: [['registry_farmer', 'params.id']], lateSync: true },
    summary:
      "Correct a farmer's names, phone, gender or group (in their kebele), with the registration's rules " +
      'and duplicate checks; not a retired farmer',
  }),
  retireFarmer: route({
    ...routePaths.retireFarmer,
    params: byId,
    body: farmerRetire,
    response: farmerRecord,
    policy: { who: 'reader', scope: [['registry_farmer', 'params.id']], lateSync: true },
    summary:
      'Retire a farmer (moved, deceased, duplicate): they leave the lists and the farmers counted, their ' +
      'history stays; a second retirement answers the first',
  }),
  takeBackReach: route({
    ...routePaths.takeBackReach,
    params: byId,
    body: takeBackPayload,
    response: takenBackRecord,
    policy: { who: 'reader', scope: [['registry_reach', 'params.id']], lateSync: true },
    summary:
      'Take back a reach record within 14 days of its capture, with a reason: it leaves the reports and ' +
      'the pair may be recorded again; a second take-back answers the first',
  }),
  takeBackAdoption: route({
    ...routePaths.takeBackAdoption,
    params: byId,
    body: takeBackPayload,
    response: takenBackRecord,
    policy: { who: 'reader', scope: [['registry_adoption', 'params.id']], lateSync: true },
    summary: 'Take back an adoption record within 14 days of its capture, with a reason (as for reach)',
  }),
} as const;
