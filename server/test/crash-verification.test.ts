import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../scripts/lib/processes.mjs';
import { consensus } from '../../core/moderation';
import { openDatabase } from '../db/database';
import { sessionOn as session, startServer } from './child-server';
import { signUpOnEmulator, verifyEmailOnEmulator } from './helpers';
import { aiStandIn } from './moderation-stand-ins';
import { makeJpeg, multipartBody } from './poop-helpers';

const POSTS = 40;
const ROUNDS = 4;

const rows = <T>(result: { rows: unknown[] }) => result.rows as T[];

describe('a crash during third verifications', () => {
  it(
    `leaves, after restart, every post with three stages settled by its consensus and exported once (${POSTS} submissions, ${ROUNDS} kills)`,
    { timeout: 900_000 },
    async () => {
      const ai = await aiStandIn(() => 'ok', 'Type 5');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-crash-verify-'));
      onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const reviewerEmails = [1, 2, 3].map((n) => `r${n}-${randomUUID().slice(0, 8)}@example.com`);
      const env = { REVIEWER_EMAILS: reviewerEmails.join(','), AI_BASE_URL: `${ai.url}/v1`, AI_MODEL: 'test-model' };
      let server = await startServer(dataDir, port, env);

      const reviewers: string[] = [];
      for (const email of reviewerEmails) {
        const account = await signUpOnEmulator(email);
        reviewers.push(await session(base, await verifyEmailOnEmulator(account)));
      }
      const [one, two, three] = reviewers as [string, string, string];
      const author = await session(base, (await signUpOnEmulator()).idToken);
      const verify = (cookie: string, id: string) =>
        fetch(`${base}/api/admin/verification/${id}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'Type 5' }),
        });

      // Posts of Type 5 that the AI also calls Type 5: three reviewers agreeing reach the consensus.
      const ids = Array.from({ length: POSTS }, () => randomUUID());
      const photo = await makeJpeg({ width: 64, height: 48 });
      for (const id of ids) {
        const body = await multipartBody({ type: 'Type 5', photo });
        const res = await fetch(`${base}/api/poops/${id}`, {
          method: 'PUT',
          headers: { ...body.headers, cookie: author },
          body: body.payload,
        });
        expect(res.status).toBe(201);
      }
      const queueOf = async (cookie: string) =>
        (
          (await (await fetch(`${base}/api/admin/verification`, { headers: { cookie } })).json()) as {
            poops: { id: string; aiType: string | null }[];
          }
        ).poops;
      const screenedBy = Date.now() + 60_000;
      while ((await queueOf(one)).some((p) => p.aiType === null) && Date.now() < screenedBy) await new Promise((r) => setTimeout(r, 200));
      expect((await queueOf(one)).every((p) => p.aiType === 'Type 5')).toBe(true);
      for (const id of ids) expect((await verify(one, id)).status).toBe(200);
      for (const id of ids) expect((await verify(two, id)).status).toBe(200);

      // Stage 3: each round sends ten submissions at once and kills the server at a random moment among them.
      const settled = new Set<string>();
      const perRound = POSTS / ROUNDS;
      for (let round = 0; round < ROUNDS; round++) {
        const batch = ids.slice(round * perRound, (round + 1) * perRound);
        const sent = batch.map(async (id, i) => {
          await new Promise((r) => setTimeout(r, i * 15));
          const res = await verify(three, id).catch(() => undefined);
          if (res?.status === 200) settled.add(id);
        });
        await new Promise((r) => setTimeout(r, 20 + Math.floor(Math.random() * 160)));
        server.child.kill('SIGKILL');
        await Promise.all(sent);
        await server.exit;
        server = await startServer(dataDir, port, env);
      }
      // The submissions that got no answer are sent again: 200 if the crash lost them, 409 if they were recorded.
      for (const id of ids) {
        if (settled.has(id)) continue;
        expect([200, 409]).toContain((await verify(three, id)).status);
      }
      // The export jobs run; then the server stops and the database is read.
      const exported = (id: string) => fs.existsSync(path.join(dataDir, 'files', 'dataset', 'Type%205', `${id}.webp`));
      const stop = async () => {
        server.child.kill('SIGTERM');
        await server.exit;
      };
      const recordedExports = async () => {
        const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
        try {
          return rows<{ poop_id: string }>(await database.executeSql('SELECT poop_id FROM dataset_exports')).length;
        } finally {
          await database.close();
        }
      };
      // A job claimed when the server was killed is retried once it expires (60 s) at the next
      // maintenance (30 s). Its file may already be there (the kill came after the save, before the
      // record), so the files alone do not say the jobs are done: the server runs on, 40 s at a
      // time, until the records are all there too (the database can be read only while it is down).
      const exportedBy = Date.now() + 300_000;
      while (!ids.every(exported) && Date.now() < exportedBy) await new Promise((r) => setTimeout(r, 250));
      await stop();
      while ((await recordedExports()) < POSTS && Date.now() < exportedBy) {
        server = await startServer(dataDir, port, env);
        await new Promise((r) => setTimeout(r, 40_000));
        await stop();
      }

      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      onTestFinished(() => database.close());
      const posts = rows<{
        id: string;
        type: string;
        verified: boolean;
        status: string;
        first_verification: string;
        second_verification: string;
        third_verification: string;
        ai_screening: unknown;
      }>(
        await database.executeSql(
          'SELECT id, type, verified, status, first_verification, second_verification, third_verification, ai_screening FROM poops',
        ),
      );
      expect(posts).toHaveLength(POSTS);
      for (const post of posts) {
        expect(post.third_verification, post.id).toBe('Type 5');
        const decided = consensus({
          chosenType: 'Type 5',
          aiType: 'Type 5',
          existingType: 'Type 5',
          firstVerification: post.first_verification,
          secondVerification: post.second_verification,
        });
        expect(decided.newPostType).toBe('Type 5');
        expect({ id: post.id, type: post.type, verified: post.verified, status: post.status }).toEqual({
          id: post.id,
          type: 'Type 5',
          verified: true,
          status: 'approved',
        });
        expect(exported(post.id), post.id).toBe(true);
      }
      const exports = rows<{ poop_id: string; type: string }>(await database.executeSql('SELECT poop_id, type FROM dataset_exports'));
      expect(exports.map((e) => e.poop_id).sort()).toEqual([...ids].sort());
      expect(new Set(exports.map((e) => e.type))).toEqual(new Set(['Type 5']));
      // One export job per post, completed, wherever pg-boss keeps it.
      const jobs = rows<{ data: { poopId: string }; state: string }>(
        await database.executeSql(
          `SELECT data, state FROM pgboss.job WHERE name = 'dataset-export' UNION ALL SELECT data, state FROM pgboss.archive WHERE name = 'dataset-export'`,
        ),
      );
      expect(jobs.map((j) => j.data.poopId).sort()).toEqual([...ids].sort());
      expect(new Set(jobs.map((j) => j.state))).toEqual(new Set(['completed']));
    },
  );
});
