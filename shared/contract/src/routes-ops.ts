import { z } from 'zod';
import { importKind, importPayload, importResult } from './entities/import';
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
    summary:
      'Import rows of one kind (upsert by natural key, all or nothing; dry_run writes nothing); ' +
      'a bad row is a 400 keyed `row <n>.<column>` (operator only)',
  }),
} as const;
