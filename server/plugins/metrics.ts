import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ErrorBody } from '../../core/api';
import type { Database } from '../db/database';
import type { Backups } from '../jobs/backup.job';
import type { PushSendResult } from '../services/push.service';
import { hasBearer, isLocalRequest } from './local-only';

/** The process's own figures (CPU, memory, event loop, GC): one set per process, however many apps it builds. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsDeps {
  database: Database;
  backups: Backups;
  /** The push sends this server tried, by result (services/push.service.ts). */
  push: { readonly sends: Readonly<Record<PushSendResult, number>> };
  /** METRICS_TOKEN: a bearer token that opens /metrics from anywhere; without it, loopback only. */
  token: string | undefined;
}

/**
 * `GET /metrics` in Prometheus's text format (prom-client): request durations by route and status,
 * the job queue by job and state (push deliveries among them), push sends by result, outbox
 * replays, chat sockets, database connections and this server's pool, the last successful
 * backup, and the process defaults. Gauges read their
 * figure when scraped. Served to loopback (not through a proxy) or with the token; anyone else: 404.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const registry = new Registry();
  const durations = new Histogram({
    name: 'plop_http_request_duration_seconds',
    help: 'HTTP request durations by route (the registered pattern) and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const replays = new Counter({
    name: 'plop_outbox_replays_total',
    help: 'Writes the offline outbox sent again and that were answered from the stored first answer (Idempotent-Replayed).',
    registers: [registry],
  });
  new Gauge({
    name: 'plop_jobs',
    help: 'Jobs on the queue by job name and state (created = waiting, active, retry, failed, completed; completed and failed are kept for a while).',
    labelNames: ['job', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobCounts(deps.database)) this.set({ job: row.name, state: row.state }, Number(row.n));
    },
  });
  new Gauge({
    name: 'plop_chat_sockets_open',
    help: 'Chat WebSockets open on this server.',
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  new Gauge({
    name: 'plop_db_connections',
    help: "Connections to this database by state (PostgreSQL: every server's, from pg_stat_activity; PGlite: the one embedded).",
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await connectionCounts(deps.database)) this.set({ state: row.state }, Number(row.n));
    },
  });
  new Counter({
    name: 'plop_push_sends_total',
    help: 'Pushes sent to a push service since this server started, by result (sent; gone: the device unsubscribed, 404/410; retried: 429/5xx; refused: any other answer or an address inside the network; failed: no answer).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, n] of Object.entries(deps.push.sends)) this.inc({ result }, n);
    },
  });
  new Gauge({
    name: 'plop_db_pool_connections',
    help: "This server's PostgreSQL pool connections by state (in_use, idle, waiting: queries waiting for one; max). PGlite has no pool.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const use = deps.database.poolUse?.();
      if (!use) return;
      this.set({ state: 'in_use' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
  new Gauge({
    name: 'plop_backup_last_success_timestamp_seconds',
    help: 'When the last backup was written (Unix time; 0: none known).',
    registers: [registry],
    async collect() {
      const at = await deps.backups.lastSuccessAt();
      this.set(at ? at.getTime() / 1000 : 0);
    },
  });
  new Gauge({
    name: 'plop_backup_failures',
    help: 'Scheduled backups that failed since this server started (each is retried).',
    registers: [registry],
    collect() {
      this.set(deps.backups.failures);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    durations.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.getHeader('idempotent-replayed') === 'true') replays.inc();
  });

  app.get('/metrics', { schema: { hide: true, response: { 401: ErrorBody, 404: ErrorBody } } }, async (request, reply) => {
    if (deps.token ? !hasBearer(request, deps.token) : !isLocalRequest(request)) {
      return deps.token
        ? reply.code(401).send({ error: { code: 'unauthorized', message: 'A bearer token is needed.' } })
        : reply.code(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    }
    const merged = Registry.merge([processMetrics(), registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}

async function jobCounts(database: Database): Promise<{ name: string; state: string; n: string }[]> {
  const table = `${database.jobsSchema}.job`;
  const { rows } = await database.executeSql('SELECT to_regclass($1) AS t', [table]);
  if (!(rows[0] as { t: string | null } | undefined)?.t) return [];
  const quoted = `"${database.jobsSchema.replaceAll('"', '""')}".job`;
  return (await database.executeSql(`SELECT name, state::text AS state, count(*) AS n FROM ${quoted} GROUP BY 1, 2`, [])).rows as {
    name: string;
    state: string;
    n: string;
  }[];
}

async function connectionCounts(database: Database): Promise<{ state: string; n: string }[]> {
  if (database.kind === 'pglite') return [{ state: 'embedded', n: '1' }];
  const { rows } = await database.executeSql(
    `SELECT coalesce(state, 'unknown') AS state, count(*) AS n FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1`,
    [],
  );
  return rows as { state: string; n: string }[];
}
