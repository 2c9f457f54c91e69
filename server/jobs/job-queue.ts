import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, SqlRunner } from '../db/database';

/** pg-boss's maintenance (expiring, archiving) every this many seconds instead of its 120. */
const MAINTENANCE_INTERVAL_SECONDS = 30;

/**
 * pg-boss's job `id` (a UUID) for the job `key` names on the queue `name`: the same work queued
 * twice (a sweep repeated after a crash, two servers) is one job. Only `send` uses it.
 */
function jobId(name: string, key: readonly string[]): string {
  const hex = createHash('sha256')
    .update([name, ...key].join(':'))
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface QueueDefinition<T extends object> {
  name: string;
  /** Retries after a failure, with exponential back-off from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * How long a claimed job may run before it counts as failed and is retried (pg-boss: 15 minutes).
   * A job claimed by a server that was killed waits this long (and up to a maintenance interval).
   */
  expireInSeconds?: number;
  handle(data: T): Promise<void>;
}

/**
 * The background job queue: pg-boss 10 on the app's own database (PGlite or PostgreSQL,
 * through pg-boss's `db` adapter), so jobs survive restarts and run once across instances.
 * It starts in the background (never holding start-up): at once when it was used before, else
 * on the first job sent; it stops with the server.
 * See README.md.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions: QueueDefinition<object>[] = [];
  private started: Promise<boolean> | undefined;
  private running = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    options: { cron?: boolean } = {},
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: database.jobsSchema,
      // Cron schedules only for what runs once a day or week across servers (the nightly backup,
      // the league week close: `cron`);
      // their granularity is a minute, so our sweeps poll instead.
      schedule: options.cron ?? false,
      // How often expired jobs (claimed by a server that died) are failed and so retried.
      maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  define<T extends object>(definition: QueueDefinition<T>): void {
    this.definitions.push(definition);
  }

  /**
   * Sets a pg-boss cron schedule (in the IANA zone `tz`, UTC by default) for a defined queue,
   * starting the queue: one job per tick across every server on the database. Needs the queue
   * built with `cron: true`.
   */
  async schedule(name: string, cron: string, tz = 'UTC'): Promise<void> {
    if (!(await this.ready())) throw new Error('the job queue is not running');
    await this.boss.schedule(name, cron, {}, { tz });
  }

  /**
   * Queues a job; a job with the same `key` (what makes it the same work, e.g. [poopId]) on the
   * same queue is queued only once (answers false then): pg-boss's `id`, derived here. With `within`
   * (a transaction's `sqlRunnerOf`), the job is written in that transaction: it exists only if the
   * transaction commits. The queue must be running then (`ready()` first, outside the transaction:
   * starting it runs statements of its own, which on PGlite would wait for the transaction).
   * `startAfter`: a delayed job, not run before then (a Date, or seconds from now by the database's
   * clock), by whichever server, after any restart.
   */
  async send(
    name: string,
    data: object,
    key: readonly string[],
    options: { within?: SqlRunner; startAfter?: Date | number } = {},
  ): Promise<boolean> {
    const { within, startAfter } = options;
    if (within ? !this.running : !(await this.ready())) throw new Error('the job queue is not running');
    const definition = this.definitions.find((d) => d.name === name);
    const queued = await this.boss.send(name, data, {
      id: jobId(name, key),
      retryLimit: definition?.retryLimit ?? 3,
      retryDelay: definition?.retryDelaySeconds ?? 10,
      retryBackoff: true,
      ...(definition?.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
      ...(within ? { db: within } : {}),
      ...(startAfter !== undefined ? { startAfter } : {}),
    });
    return queued !== null;
  }

  /**
   * Starts the queue if it was ever used on this database (jobs may wait from before a restart).
   * An unused queue starts on its first `send`, so a server that never queues pays nothing.
   */
  async resumeIfUsed(): Promise<void> {
    const result = await this.database.executeSql('SELECT to_regclass($1) AS t', [`${this.database.jobsSchema}.job`]);
    const [row] = result.rows as { t: string | null }[];
    if (row?.t) await this.ready();
  }

  /** Resolves true once the queue runs (false when it could not start; the error is logged). */
  ready(): Promise<boolean> {
    this.started ??= this.start();
    return this.started;
  }

  private async start(): Promise<boolean> {
    try {
      await this.boss.start();
      const pollingIntervalSeconds = Math.max(0.5, this.pollMs / 1000);
      for (const definition of this.definitions) {
        await this.boss.createQueue(definition.name);
        await this.boss.work<object>(definition.name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await definition.handle(job.data);
        });
      }
      this.running = true;
      return true;
    } catch (error) {
      this.log.error({ err: error }, 'the job queue could not start');
      this.started = undefined; // the next send tries again
      return false;
    }
  }

  async stop(): Promise<void> {
    if (!this.started || !(await this.started)) return;
    this.running = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}

/** Resumes a used queue when the server is ready (in the background) and stops it when it closes. */
export function attachJobQueue(app: FastifyInstance, queue: JobQueue): void {
  app.addHook('onReady', async () => {
    queue.resumeIfUsed().catch((error: unknown) => app.log.error({ err: error }, 'could not resume the job queue'));
  });
  app.addHook('onClose', async () => {
    await queue.stop();
  });
}

/** Runs `task` when the server is ready and then every `everyMs` while it is up (never two at once). */
export function every(app: FastifyInstance, everyMs: number, name: string, task: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = task()
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, everyMs);
    timer.unref();
    run();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
