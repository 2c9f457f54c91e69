import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../core/api';
import { isLoopbackHost } from '../config';
import { dataDirLockHolder } from '../db/data-dir-lock';
import type { Backups } from '../jobs/backup.job';
import { hasBearer, isLocalRequest } from './local-only';

/** Where the server that holds DATA_DIR says how `npm run backup` reaches it: `{ port, token }`, readable by its owner only. */
export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';

const BUSY = { error: { code: 'backup_running', message: 'A backup is already being written.' } };

/**
 * `POST /internal/backup`: the archive, streamed. PGlite is one process per data folder, so the
 * running server makes the dump (`npm run backup` asks it). Only from this machine (loopback, not
 * through a proxy) and with the token the server wrote into DATA_DIR when it took the folder, so
 * only someone who can read the data folder anyway may ask. Anything else: 404.
 */
export function registerBackupEndpoint(
  app: FastifyInstance,
  deps: { backups: Backups; dataDir: string; host: string; port: number },
): void {
  const token = randomBytes(32).toString('hex');
  const file = path.join(deps.dataDir, BACKUP_ENDPOINT_FILE);
  let announced = false;
  app.addHook('onReady', async () => {
    // Only the process holding the folder's lock (PGlite on disk) announces itself; a server on a specific outside address cannot be asked from loopback.
    const reachable = isLoopbackHost(deps.host) || deps.host === '0.0.0.0' || deps.host === '::';
    if (!reachable || dataDirLockHolder(deps.dataDir)?.pid !== process.pid) return;
    await fs.writeFile(file, JSON.stringify({ port: deps.port, token }), { mode: 0o600 });
    announced = true;
  });
  app.addHook('onClose', async () => {
    if (announced) await fs.rm(file, { force: true });
  });
  app.post('/internal/backup', { schema: { hide: true, response: { 404: ErrorBody, 409: ErrorBody } } }, async (request, reply) => {
    if (!isLocalRequest(request) || !hasBearer(request, token)) {
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    }
    if (deps.backups.busy) return reply.code(409).send(BUSY);
    const out = new PassThrough();
    // A failure ends the stream early: the archive has no end and `npm run backup` refuses it.
    deps.backups.stream(out).catch((error: unknown) => request.log.error({ err: error }, 'backup failed'));
    return reply.type('application/zip').send(out);
  });
}
