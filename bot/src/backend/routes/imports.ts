import { type FieldErrors, IMPORT_ERROR_LIMIT, NON_FIELD_ERRORS, routes } from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { FastifyInstance } from 'fastify';
import { type ImportError, importFile } from '../import/run';
import { HttpError } from '../serving/http-error';
import { message } from '../serving/messages';
import { type BackendEnv, serve } from '../serving/serve';
import { settleByRoster } from './enrolment';

const DRY_RUN = 'gebere_import_dry_run';

/**
 * `gebere import` (operator only, the policy): a whole file in one transaction, so it is written
 * whole or not at all, whether a row is wrong or the database goes away part-way. A dry run does
 * the same work inside a savepoint and rolls it back, so its counts are what the import would do.
 */
export function registerImportRoutes(app: FastifyInstance, env: BackendEnv): void {
  serve(app, env, routes.importRows, async ({ params, body, db, lang }) => {
    const file = { kind: params.kind, rows: body.rows, firstRow: body.first_row };
    const outcome = await db.transaction(async (tx) => {
      if (body.dry_run) await tx.exec(`savepoint ${DRY_RUN}`);
      const r = await importFile(tx, file, lang);
      // DAs who registered before the roster listed them are the organisation's now.
      if (r.ok && params.kind === 'roster') await settleByRoster(tx);
      if (body.dry_run) await tx.exec(`rollback to savepoint ${DRY_RUN}`);
      return r;
    });
    if (!outcome.ok) {
      const { errors } = outcome;
      throw new HttpError(400, (language) => refusal(errors, language));
    }
    return { kind: params.kind, dry_run: body.dry_run, ...outcome.counts };
  });
}

/** The first {@link IMPORT_ERROR_LIMIT} wrong cells by row, then how many more are not listed. */
function refusal(errors: ImportError[], lang: Language): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors.slice(0, IMPORT_ERROR_LIMIT))
    out[e.column ? `row ${e.row}.${e.column}` : `row ${e.row}`] = e.messages;
  const rest = errors.slice(IMPORT_ERROR_LIMIT);
  if (rest.length > 0) {
    const listed = new Set(errors.slice(0, IMPORT_ERROR_LIMIT).map((e) => e.row));
    const rows = new Set(rest.map((e) => e.row).filter((r) => !listed.has(r)));
    out[NON_FIELD_ERRORS] = [message(lang, 'import_more_errors', { fields: rest.length, rows: rows.size })];
  }
  return out;
}
