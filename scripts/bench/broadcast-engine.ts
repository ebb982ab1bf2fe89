// The engine side of scripts/bench/broadcast.ts, in its own process so the benchmark can kill -9
// it: opens the database (a PGlite data dir this process then owns, or PostgreSQL), runs the
// notification engine against the emulator until notification --notification has --expect
// finished deliveries, then stops cleanly. Logs are pino JSON lines on stdout.
//   node --import tsx scripts/bench/broadcast-engine.ts --pglite DIR | --postgres URL
//     --api-root URL --token T --rate 30 --notification ID --expect N
import { Api } from 'grammy';
import { pino } from 'pino';
import { openPglite } from '../../bot/src/backend/db/pglite';
import { openPostgres } from '../../bot/src/backend/db/postgres';
import { createNotificationEngine, deliveryCounts } from '../../bot/src/notifications/index';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const need = (name: string) => {
  const v = arg(name);
  if (v === undefined) throw new Error(`--${name} is required`);
  return v;
};

const pgliteDir = arg('pglite');
const db = pgliteDir
  ? await openPglite(pgliteDir)
  : openPostgres({ connectionString: need('postgres'), max: 4 });
const notification = Number(need('notification'));
const expected = Number(need('expect'));
const logger = pino({ level: 'info', base: { pid: process.pid } });

const engine = createNotificationEngine({
  db,
  api: new Api(need('token'), { apiRoot: need('api-root'), timeoutSeconds: 15 }),
  logger,
  links: {
    secret: 'bench-link-secret-0123456789abcdef0123',
    ttlSeconds: 86_400,
    publicUrl: 'https://gebere.bench',
  },
  // The planner every second so the run starts promptly; everything else as in production.
  options: { ratePerSecond: Number(arg('rate') ?? 30), tickMs: 1_000 },
});
engine.start();
logger.info({ notification, expected }, 'bench engine started');

for (;;) {
  await new Promise((r) => setTimeout(r, 500));
  const c = await deliveryCounts(db, notification);
  if (c.queued === 0 && c.sent + c.failed >= expected) {
    await engine.stop();
    logger.info({ ...c }, 'bench engine done');
    break;
  }
}
await db.close();
process.exit(0);
