import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';

export interface QueueDefinition<T extends object> {
  name: string;
  /** Retries after a failure, with exponential back-off from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  handle(data: T): Promise<void>;
}

/**
 * The background job queue: pg-boss 10 on the app's own database (PGlite or PostgreSQL,
 * through pg-boss's `db` adapter), so jobs survive restarts and run once across instances.
 * It starts after the server is ready, without holding start-up, and stops with the server.
 * See README.md.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions: QueueDefinition<object>[] = [];
  private started: Promise<boolean> | undefined;

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: database.jobsSchema,
      // Cron schedules are not used (their granularity is a minute); our sweeps poll instead.
      schedule: false,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  define<T extends object>(definition: QueueDefinition<T>): void {
    this.definitions.push(definition as unknown as QueueDefinition<object>);
  }

  /** Queues a job; a job with the same id is queued only once (answers false then). */
  async send(name: string, data: object, id: string): Promise<boolean> {
    if (!(await this.ready())) return false;
    const definition = this.definitions.find((d) => d.name === name);
    const jobId = await this.boss.send(name, data, {
      id,
      retryLimit: definition?.retryLimit ?? 3,
      retryDelay: definition?.retryDelaySeconds ?? 10,
      retryBackoff: true,
    });
    return jobId !== null;
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
      return true;
    } catch (error) {
      this.log.error({ err: error }, 'the job queue could not start');
      return false;
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}

/** Starts the queue when the server is ready (in the background) and stops it when it closes. */
export function attachJobQueue(app: FastifyInstance, queue: JobQueue): void {
  app.addHook('onReady', async () => {
    void queue.ready();
  });
  app.addHook('onClose', async () => {
    await queue.stop();
  });
}

/** Runs `task` every `everyMs` while the server is up (sweeps that feed the queue). */
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
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
