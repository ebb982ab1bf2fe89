import { z } from 'zod';
import { IMPORT_MAX_BYTES, importKind, importPayload, importResult } from './entities/import';
import { route } from './route';
import { routePaths } from './route-paths';

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
} as const;
