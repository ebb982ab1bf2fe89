import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseCounts } from '../db/backup';
import { checkWho } from '../serving/authorize';
import { HttpError, notFound } from '../serving/http-error';
import type { BackendEnv } from '../serving/serve';
import {
  DEFAULT_EXPORT_PAGE,
  exportCount,
  exportCsv,
  exportXlsx,
  isExportTable,
  parseExportQuery,
} from './exports';
import { XLSX_MAX_ROWS } from './xlsx';

/** How many rows an .xlsx export holds (counted before its first byte), for `gebere export`. */
export const EXPORT_ROWS_HEADER = 'x-gebere-rows';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Tells the CLI what it downloaded (`gebere restore` checks it). */
export const BACKUP_FORMAT_HEADER = 'x-gebere-backup-format';
export const PGLITE_BACKUP_FORMAT = 'pglite-datadir-tar-gz';

export interface OpsOptions {
  /** Rows per page of an export (tests make it small). */
  exportPageSize?: number;
}

/**
 * The operator's routes outside the contract: CSV and XLSX exports and the PGlite backup (they do
 * not answer JSON), and the row counts `gebere restore-test` compares a restored backup with. Like a
 * contract route declaring `who: 'service'`, only the service token may
 * call them: the proof is read by the backend's actor source (401) and checked by authorize.ts
 * (403), before anything else is looked at.
 */
export function registerOpsRoutes(app: FastifyInstance, env: BackendEnv, options: OpsOptions = {}): void {
  const serviceOnly = async (request: FastifyRequest) => {
    const resolved = env.actors.resolve(request);
    checkWho(resolved instanceof Promise ? await resolved : resolved, 'service');
  };

  app.get('/ops/export/:file', async (request: FastifyRequest, reply: FastifyReply) => {
    await serviceOnly(request);
    const file = (request.params as { file: string }).file;
    const [, table = '', format] = /^(.*)\.(csv|xlsx)$/.exec(file) ?? [];
    if (!isExportTable(table)) throw notFound();
    const filter = parseExportQuery((request.query ?? {}) as Record<string, unknown>);
    const rows = format === 'xlsx' ? await exportCount(env.db, table, filter) : undefined;
    if (rows !== undefined && rows >= XLSX_MAX_ROWS)
      throw new HttpError(400, () => ({
        detail:
          `The ${table} export has ${rows} rows, more than a sheet holds (${XLSX_MAX_ROWS - 1}): ` +
          'filter it by area or dates, or export CSV.',
      }));
    // Stops the page queries when the client goes away before the end.
    const gone = new AbortController();
    request.raw.socket?.once('close', () => gone.abort());
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const how = { pageSize: options.exportPageSize ?? DEFAULT_EXPORT_PAGE, signal: gone.signal };
    const stream = Readable.from(
      format === 'xlsx' ? exportXlsx(env.db, table, filter, how) : exportCsv(env.db, table, filter, how),
      { objectMode: false, highWaterMark: 1 },
    );
    stream.on('error', (err) => env.log.error({ err, table }, 'export failed midway'));
    const day = new Date().toISOString().slice(0, 10);
    if (rows !== undefined) reply.type(XLSX_TYPE).header(EXPORT_ROWS_HEADER, String(rows));
    else reply.type('text/csv; charset=utf-8');
    return reply
      .header('content-disposition', `attachment; filename="gebere-${table}-${day}.${format}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.get('/ops/counts', async (request: FastifyRequest) => {
    await serviceOnly(request);
    return databaseCounts((sql) => env.db.query(sql));
  });

  app.get('/ops/backup', async (request: FastifyRequest, reply: FastifyReply) => {
    await serviceOnly(request);
    if (!env.db.dumpDataDir)
      throw new HttpError(409, () => ({
        detail:
          'This server keeps its data in PostgreSQL: back it up with pg_dump (`gebere backup <file>` ' +
          'runs it with DATABASE_URL).',
      }));
    const started = Date.now();
    const dump = await env.db.dumpDataDir();
    env.log.info({ bytes: dump.size, ms: Date.now() - started }, 'backup taken');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return reply
      .type('application/gzip')
      .header('content-length', String(dump.size))
      .header('content-disposition', `attachment; filename="gebere-pglite-${stamp}.tar.gz"`)
      .header('cache-control', 'no-store')
      .header(BACKUP_FORMAT_HEADER, PGLITE_BACKUP_FORMAT)
      .send(Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream));
  });
}
