import { routes } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import { importBatch } from '../import/run';
import { HttpError } from '../serving/http-error';
import { type BackendEnv, serve } from '../serving/serve';

const DRY_RUN = 'gebere_import_dry_run';

/**
 * `gebere import` (operator only, the policy): one batch of a file, all or nothing. A dry run does
 * the same work inside a savepoint and rolls it back, so its counts are what the import would do.
 */
export function registerImportRoutes(app: FastifyInstance, env: BackendEnv): void {
  serve(app, env, routes.importRows, async ({ params, body, db, lang }) => {
    const batch = { kind: params.kind, rows: body.rows, firstRow: body.first_row };
    const outcome = await db.transaction(async (tx) => {
      if (body.dry_run) await tx.exec(`savepoint ${DRY_RUN}`);
      const r = await importBatch(tx, batch, lang);
      if (body.dry_run) await tx.exec(`rollback to savepoint ${DRY_RUN}`);
      return r;
    });
    if (!outcome.ok) {
      const { errors } = outcome;
      throw new HttpError(400, () => errors);
    }
    return { kind: params.kind, dry_run: body.dry_run, ...outcome.counts };
  });
}
