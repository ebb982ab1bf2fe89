// The engine side of scripts/bench/broadcast.ts, in its own process so the benchmark can kill -9
// it: opens the database (a PGlite data dir this process then owns, or PostgreSQL), runs the
// notification engine against the emulator until notification --notification has --expect
// finished deliveries, then stops cleanly. Logs are pino JSON lines on stdout.
// With --create NAME --creator ID instead of --notification, the engine runs first and then this
// process creates the send-now notification itself, as the embedded backend's POST would (on
// PGlite nobody else may write), and logs when: the benchmark times the first message from there.
//   node --import tsx scripts/bench/broadcast-engine.ts --pglite DIR | --postgres URL
//     --api-root URL --token T --rate 30 (--notification ID | --create NAME --creator ID) --expect N

import { openPglite, openPostgres } from '@gebere/bot/backend';
import { createNotificationEngine, deliveryCounts } from '@gebere/bot/notifications';
import { Api } from 'grammy';
import { pino } from 'pino';

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
const create = arg('create');
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
  // As in production (the planner every second), but for the rate.
  options: { ratePerSecond: Number(arg('rate') ?? 30) },
});
engine.start();
let notification: number;
if (create) {
  // The engine idles a moment, as a running server's would, before the manager's POST arrives.
  await new Promise((r) => setTimeout(r, 2_000));
  const r = await db.query<{ id: number }>(
    `insert into location_notifications (name, message, content_type, send_now, location_type, created_by)
     values ($1, 'Please register the farmers of your development groups before the field day.',
       'farmer_registration', true, 'all', $2) returning id`,
    [create, Number(need('creator'))],
  );
  notification = Number(r.rows[0]?.id);
  logger.info({ notification, at: Date.now() }, 'bench notification created');
} else notification = Number(need('notification'));
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
