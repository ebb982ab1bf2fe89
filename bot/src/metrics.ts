import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { withTimeout } from './server/routes/health';

/**
 * Prometheus metrics of one server (GET /metrics, see server/routes/metrics). A registry per server, not
 * prom-client's global one, so tests can run several servers in one process. Labels are bounded:
 * a route is its pattern (`/backend/api/farmer-profiles/:id/`), never the URL with ids or phones.
 */

export type DeliveryOutcome = 'sent' | 'failed' | 'retried' | 'blocked';
export type HandBackOutcome =
  | 'answer_web_app_query'
  | 'chat_message'
  | 'replayed'
  | 'refused'
  | 'unreachable'
  | 'rejected';

/** What /metrics asks of the database when scraped; absent parts are not exported. */
export interface DatabaseProbe {
  kind: 'pglite' | 'postgres';
  /** Connections of this process's pool (PostgreSQL only). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Deliveries waiting to be sent (status queued), all copies together. */
  queuedDeliveries?: () => Promise<number>;
  /** Whether a trivial query answers. */
  ping: () => Promise<void>;
}

export interface Metrics {
  registry: Registry;
  observeHttp(method: string, route: string, status: number, seconds: number): void;
  handBack(outcome: HandBackOutcome): void;
  delivery(outcome: DeliveryOutcome): void;
  /** Attaches the database once it is open (the backend opens it after the app is built). */
  setDatabase(probe: DatabaseProbe): void;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'gebere_' });
  let db: DatabaseProbe | undefined;

  const http = new Histogram({
    name: 'gebere_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    // From a cached asset to a 2G upload.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const handBacks = new Counter({
    name: 'gebere_hand_backs_total',
    help: 'Results handed back to the chat (POST /tg/result) by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'gebere_notification_deliveries_total',
    help: 'Notification deliveries this process attempted, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'gebere_database_up',
    help: '1 when the database answers a trivial query, 0 when not (label: pglite or postgres).',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      if (!db) return;
      this.reset();
      try {
        await withTimeout(db.ping(), 2_000);
        this.set({ kind: db.kind }, 1);
      } catch {
        this.set({ kind: db.kind }, 0);
      }
    },
  });
  new Gauge({
    name: 'gebere_database_pool_connections',
    help: "Connections of this process's PostgreSQL pool by state (total, idle, waiting clients).",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = db?.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'gebere_notification_queue_depth',
    help: 'Notification deliveries queued and not yet sent (all copies); NaN while not known (no database, or it does not answer).',
    registers: [registry],
    async collect() {
      // Unknown is not empty: an alert on a stuck queue must never read 0 while the database is
      // down (gebere_database_up says why).
      let depth = Number.NaN;
      if (db?.queuedDeliveries)
        depth = await withTimeout(db.queuedDeliveries(), 2_000).catch(() => Number.NaN);
      this.set(depth);
    },
  });

  for (const outcome of [
    'answer_web_app_query',
    'chat_message',
    'replayed',
    'refused',
    'unreachable',
    'rejected',
  ])
    handBacks.inc({ outcome }, 0);
  for (const outcome of ['sent', 'failed', 'retried', 'blocked']) deliveries.inc({ outcome }, 0);

  return {
    registry,
    observeHttp(method, route, status, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    handBack: (outcome) => handBacks.inc({ outcome }),
    delivery: (outcome) => deliveries.inc({ outcome }),
    setDatabase(probe) {
      db = probe;
    },
  };
}
