import { z } from 'zod';
import { listOrPage } from './common';
import { auditQuery, auditRow, historyEntry, historyQuery } from './entities/audit';
import { route } from './route';
import { routePaths } from './route-paths';

/** The audit trail (docs/authorization.md "Audit trail"): the operator's whole log, a reader's record. */
export const auditRoutes = {
  listAuditRows: route({
    ...routePaths.listAuditRows,
    query: auditQuery,
    response: z.array(auditRow),
    policy: { who: 'service' },
    summary:
      'The audit trail: the newest `limit` rows matching the filters (a phone, a record, an area, UTC days), ' +
      'oldest first, phones as stored (operator only; `gebere audit`)',
  }),
  getRecordHistory: route({
    ...routePaths.getRecordHistory,
    query: historyQuery,
    response: listOrPage(historyEntry),
    // Whoever may read the record: a VERIFIED DA of its kebele (or the group's creator), a
    // supervisor's or manager's grant over an area containing it (authorize.ts's own scopes).
    policy: {
      who: 'reader',
      recordScope: {
        table: 'query.table',
        id: 'query.id',
        kinds: { farmer: 'farmer', development_group: 'group' },
      },
    },
    summary:
      'The changes of one farmer or development group, oldest first: when, who (a DA by name, others ' +
      'masked), through which proof, and the fields before and after',
  }),
} as const;
