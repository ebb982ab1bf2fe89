/**
 * The one place that turns a failure to reach or use a PostgreSQL database into what an operator
 * does about it: the server at start (main.ts), shared secrets, and the CLI's backup, restore and
 * restore-test all word them here. Errors of node-postgres carry a SQLSTATE `code`; pg_dump and
 * pg_restore only print the server's message, so each case is also known by its text.
 */

/** A database failure with its fix in the message; `main.ts` logs such a message as it is. */
export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError';
  constructor(
    message: string,
    readonly reason: 'authentication' | 'role' | 'missing-database' | 'schema-privilege' | 'unreachable',
  ) {
    super(message);
  }
}

interface Target {
  user: string;
  host: string;
  port: string;
  database: string;
}

/** Who and where DATABASE_URL points, without its password. */
function targetOf(url: string | undefined): Target {
  const fallback = { user: 'postgres', host: 'localhost', port: '5432', database: 'postgres' };
  if (!url || !URL.canParse(url)) return fallback;
  const u = new URL(url);
  const user = decodeURIComponent(u.username) || fallback.user;
  return {
    user,
    host: u.hostname || fallback.host,
    port: u.port || fallback.port,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || user,
  };
}

const NETWORK =
  /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|timeout expired|timeout exceeded when trying to connect|Connection terminated|could not connect to server|Connection refused|could not translate host name/;

function facts(err: unknown): { code: string; text: string } {
  if (typeof err !== 'object' || err === null) return { code: '', text: String(err) };
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  const nested = Array.isArray(e.errors) ? e.errors.map((x) => facts(x).text).join(' ') : '';
  return {
    code: typeof e.code === 'string' ? e.code : '',
    text: `${typeof e.message === 'string' ? e.message : String(err)} ${nested}`.trim(),
  };
}

/**
 * `err` (from node-postgres, or a pg tool's message) as a {@link DatabaseSetupError} whose
 * message names the problem and its fix, or undefined when it is none of the known cases.
 */
export function explainDatabaseError(err: unknown, url: string | undefined): DatabaseSetupError | undefined {
  const { code, text } = facts(err);
  const t = targetOf(url);
  const where = `${t.host}:${t.port}`;
  if (code === '28P01' || /password authentication failed|no password supplied|SASL/.test(text))
    return new DatabaseSetupError(
      `PostgreSQL at ${where} refused the password of role "${t.user}" (authentication failed): ` +
        `check the password in DATABASE_URL (postgres://${t.user}:<password>@${where}/${t.database}); ` +
        'a password with @, : or / in it must be percent-encoded there',
      'authentication',
    );
  if ((code === '28000' || code === '') && /role "[^"]*" does not exist/.test(text))
    return new DatabaseSetupError(
      `PostgreSQL at ${where} has no role "${t.user}": check the user name in DATABASE_URL, or create ` +
        `the role (as a superuser: CREATE ROLE ${t.user} LOGIN PASSWORD '…';)`,
      'role',
    );
  if (code === '28000' || /no pg_hba\.conf entry/.test(text))
    return new DatabaseSetupError(
      `PostgreSQL at ${where} does not let role "${t.user}" connect to "${t.database}" from this machine ` +
        `(${text}): add a line for it to pg_hba.conf and reload PostgreSQL`,
      'authentication',
    );
  if (code === '3D000' || /database "[^"]*" does not exist/.test(text))
    return new DatabaseSetupError(
      `PostgreSQL at ${where} has no database "${t.database}": create it ` +
        `(createdb -h ${t.host} -p ${t.port} -U ${t.user} ${t.database}, or in psql as its owner: ` +
        `CREATE DATABASE ${t.database} OWNER ${t.user};), or fix the name in DATABASE_URL`,
      'missing-database',
    );
  if ((code === '42501' || code === '') && /permission denied for schema public/.test(text))
    return new DatabaseSetupError(
      `role "${t.user}" may not create tables in schema public of "${t.database}" (PostgreSQL 15 and ` +
        'later no longer let every role): as the database owner or a superuser run ' +
        `GRANT CREATE ON SCHEMA public TO ${t.user}; or make the role the schema's owner ` +
        `(ALTER SCHEMA public OWNER TO ${t.user};)`,
      'schema-privilege',
    );
  if (/^08/.test(code) || code === '57P03' || NETWORK.test(`${code} ${text}`))
    return new DatabaseSetupError(
      `cannot reach PostgreSQL at ${where} (${text || code}): check the host and port in DATABASE_URL, ` +
        'that PostgreSQL is running there, and that it accepts connections from this machine ' +
        '(listen_addresses, a firewall)',
      'unreachable',
    );
  return undefined;
}
