import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../core/api';
import type { Database } from '../db/database';
import type { ObjectStorage } from '../storage/object-storage';

/** How long each check may take before the server counts as not ready. */
const CHECK_TIMEOUT_MS = 2_000;

const ReadyResponse = Type.Object({ status: Type.Literal('ready'), database: Type.Literal('ok'), storage: Type.Literal('ok') });

/**
 * `GET /api/ready`: 200 while the database answers and the storage can be reached, else 503, so a
 * load balancer stops sending this server traffic. `/api/health` stays the cheap liveness answer.
 */
export function registerReadiness(app: FastifyInstance, deps: { database: Database; storage: ObjectStorage; dataDir: string }): void {
  app.get('/api/ready', { schema: { tags: ['meta'], response: { 200: ReadyResponse, 503: ErrorBody } } }, async (request, reply) => {
    const database = await within(deps.database.executeSql('SELECT 1', []));
    // Disk: DATA_DIR (where the files folder is made) must be writable; S3: a listing of a prefix nothing uses.
    const storage = await within(
      deps.storage.kind === 'disk' ? fs.access(deps.dataDir, fs.constants.W_OK) : deps.storage.list('ready-probe/'),
    );
    const down = [database ? undefined : 'database', storage ? undefined : 'storage'].filter(Boolean);
    if (down.length > 0) {
      request.log.warn({ down }, 'not ready');
      return reply.code(503).send({ error: { code: 'not_ready', message: `Not ready: the ${down.join(' and ')} cannot be reached.` } });
    }
    return { status: 'ready' as const, database: 'ok' as const, storage: 'ok' as const };
  });
}

/** True when `check` succeeds within CHECK_TIMEOUT_MS. */
async function within(check: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, CHECK_TIMEOUT_MS, false);
  });
  try {
    return await Promise.race([
      check.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
