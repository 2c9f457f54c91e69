import { DateTime } from 'luxon';
import { POOP_TIMEZONE } from '../../core/constants';
import { generateKeyPairSync, createVerify, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import os from 'node:os';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { firebaseIdentity } from '../integrations/firebase-auth';
import { poops, reports, users } from '../db/schema';
import { ModerationRepository } from '../repositories/moderation.repository';
import { ModerationService } from '../services/moderation.service';
import { storageSink } from '../integrations/dataset-sink';
import { openTestDatabase, signIn, signInVerified, TEST_PROJECT_ID } from './helpers';
import { buildWithFiles, putPoop, scalar, uniqueEmail } from './poop-helpers';
import { StoredFilesRepository } from '../repositories/stored-files.repository';
import { DELETED_POST_FILES_GRACE_MS, StorageSweepService } from '../services/storage-sweep.service';
import { aiStandIn, standIn } from './moderation-stand-ins';
import { createStorage } from '../storage/create-storage';
import { loadConfig } from '../config';
import { addPoop, addUser } from './repositories/fixtures';
import type { Overview } from '../../core/moderation-api';
import { until } from './poll';

/** Three reviewers (stages 1..3), a plain admin, and an author, on an app with the given extra settings. */
async function moderationApp(env: Record<string, string> = {}) {
  const reviewers = [uniqueEmail('r1'), uniqueEmail('r2'), uniqueEmail('r3')];
  const adminEmail = uniqueEmail('admin');
  const testApp = await buildWithFiles({
    REVIEWER_EMAILS: reviewers.join(','),
    ADMIN_EMAILS: adminEmail,
    JOBS_POLL_MS: '100',
    WEB_PUSH_RETRY_DELAY_SECONDS: '1',
    ...env,
  });
  const { app } = testApp;
  const sessions = await Promise.all(reviewers.map((email) => signInVerified(app, email)));
  const admin = await signInVerified(app, adminEmail);
  const author = await signIn(app);
  return { ...testApp, reviewers: sessions.map((s) => s.cookie), admin: admin.cookie, author };
}

async function post(app: Awaited<ReturnType<typeof moderationApp>>, type = 'Type 4') {
  const id = randomUUID();
  const res = await putPoop(app.app, app.author.cookie, id, { type });
  expect(res.statusCode).toBe(201);
  return id;
}

async function row(app: Awaited<ReturnType<typeof moderationApp>>, id: string) {
  const [found] = await app.database.db.select().from(poops).where(eq(poops.id, id));
  return found!;
}

const verify = (app: Awaited<ReturnType<typeof moderationApp>>, cookie: string, id: string, body: object) =>
  app.app.inject({ method: 'POST', url: `/api/admin/verification/${id}`, headers: { cookie }, payload: body });

describe('AI screening', () => {
  it('stores the function-call arguments of the first choice as aiScreening, through the job queue', async () => {
    const ai = await aiStandIn(() => 'ok', 'Type 6');
    const app = await moderationApp({ AI_BASE_URL: `${ai.url}/v1`, AI_MODEL: 'test-model', AI_API_KEY: 'sk-test' });
    const id = await post(app, 'Type 4');
    await until('the AI screening', async () => (await row(app, id)).aiScreening !== null);
    const stored = await row(app, id);
    expect(stored.aiScreening).toEqual({
      general: { type: 'Type 6', confidence: 0.93, isStool: true, description: 'A smooth sausage shape.' },
    });
    // The AI named another type than the author: a human should look.
    expect(stored.aiFlagged).toBe(true);
    const request = JSON.parse(ai.received[0]!.body.toString()) as { model: string; tools: unknown[]; messages: { content: unknown }[] };
    expect(request.model).toBe('test-model');
    expect(ai.received[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(JSON.stringify(request.messages)).toContain('data:image/webp;base64,');
    // The flagged post reaches the admins' review queue.
    const review = await app.app.inject({ method: 'GET', url: '/api/admin/review', headers: { cookie: app.admin } });
    expect(review.json().poops.map((p: { id: string }) => p.id)).toContain(id);
  });

  it.each(['error', 'garbage'] as const)(
    'an answer of kind %s from the provider leaves the post untouched, published and logged',
    async (mode) => {
      const ai = await aiStandIn(() => mode);
      const database = await openTestDatabase();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-ai-'));
      const logged: string[] = [];
      const config = loadConfig({
        FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
        STATIC_DIR: '',
        DATA_DIR: dataDir,
        RATE_LIMIT_MAX: '0',
        JOBS_POLL_MS: '100',
        AI_BASE_URL: `${ai.url}/v1`,
        AI_MODEL: 'test-model',
      });
      const identity = firebaseIdentity(config.firebase);
      const app = await buildApp({ config, database, identity, logger: { level: 'warn', stream: { write: (line) => logged.push(line) } } });
      await app.ready();
      onTestFinished(async () => {
        await app.close();
        await identity.close();
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const author = await signIn(app);
      const id = randomUUID();
      expect((await putPoop(app, author.cookie, id)).statusCode).toBe(201);
      await until('the logged failure', async () => logged.some((line) => line.includes('AI screening failed')));
      const [stored] = await database.db.select().from(poops).where(eq(poops.id, id));
      expect(stored!.aiScreening).toBeNull();
      expect(stored!.status).toBe('approved');
      const failure = JSON.parse(logged.find((line) => line.includes('AI screening failed'))!) as { poopId: string; level: number };
      expect(failure).toMatchObject({ poopId: id, level: 40 });
      const feed = await app.inject({ method: 'GET', url: '/api/poops/feed' });
      expect(feed.json().poops.map((p: { id: string }) => p.id)).toContain(id);
    },
  );

  it('the spec route answers the screening to admins only, and says when AI is not configured', async () => {
    const ai = await aiStandIn(() => 'ok');
    const app = await moderationApp({ AI_BASE_URL: `${ai.url}/v1`, AI_MODEL: 'test-model' });
    const base64Image = Buffer.from('not really a jpeg').toString('base64');
    const url = '/api/requestChatGptResponseWithStructuredData';
    const denied = await app.app.inject({ method: 'POST', url, headers: { cookie: app.author.cookie }, payload: { base64Image } });
    expect(denied.statusCode).toBe(403);
    const ok = await app.app.inject({ method: 'POST', url, headers: { cookie: app.admin }, payload: { base64Image } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().aiScreening.general.type).toBe('Type 4');

    const plain = await moderationApp();
    const off = await plain.app.inject({ method: 'POST', url, headers: { cookie: plain.admin }, payload: { base64Image } });
    expect(off.statusCode).toBe(503);
    expect(off.json().error.message).toContain('AI_BASE_URL');
  });
});

describe('authorization before the body', () => {
  it(
    "a plain user's 12 MB body to the screening route is answered 403 while the client is still writing it",
    { timeout: 60_000 },
    async () => {
      const app = await moderationApp();
      const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const total = 12 * 1024 * 1024;
      // A raw HTTP/1.1 request on a socket: the headers and the first MiB of a 12 MB body, then a pause
      // of up to 10 s before the rest. An answer during the pause came before the body was all sent.
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
      onTestFinished(() => {
        socket.destroy();
      });
      // The server may close the connection once it has answered: writing then fails, as expected.
      socket.on('error', () => undefined);
      let received = '';
      let sentAll = false;
      let sentAllAtAnswer: boolean | undefined;
      const answered = new Promise<void>((resolve) => {
        socket.on('data', (data: Buffer) => {
          sentAllAtAnswer ??= sentAll;
          received += data.toString();
          if (/\r\n\r\n\{.*\}$/s.test(received)) resolve();
        });
        socket.on('close', () => resolve());
      });
      const head =
        'POST /api/requestChatGptResponseWithStructuredData HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Cookie: ${app.author.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n{"base64Image":"`;
      const first = 1024 * 1024;
      socket.write(head + 'A'.repeat(first));
      await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (sentAllAtAnswer === undefined && !socket.destroyed) {
        socket.write('A'.repeat(total - first - 18) + '"}');
        sentAll = true;
        await answered;
      }
      const outcome = {
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
        body: received.slice(received.indexOf('\r\n\r\n') + 4),
      };
      expect(outcome.status).toBe(403);
      expect(JSON.parse(outcome.body).error.code).toBeDefined();
      // Answered while 11 of the 12 MB were still unsent.
      expect(sentAllAtAnswer).toBe(false);
    },
  );
});

describe('three-stage human verification', () => {
  it('three reviewers in turn: the consensus settles the post and saves the image to the dataset', async () => {
    const ai = await aiStandIn(() => 'ok', 'Type 5');
    const app = await moderationApp({ AI_BASE_URL: `${ai.url}/v1`, AI_MODEL: 'test-model' });
    const id = await post(app, 'Type 3');
    await until('the AI screening', async () => (await row(app, id)).aiScreening !== null);
    const [one, two, three] = app.reviewers as [string, string, string];

    const queue1 = await app.app.inject({ method: 'GET', url: '/api/admin/verification', headers: { cookie: one } });
    expect(queue1.json()).toMatchObject({ stage: 1, verifiedByMe: 0 });
    expect(queue1.json().poops[0]).toMatchObject({ id, type: 'Type 3', aiType: 'Type 5' });
    // Stage 2 and 3 see nothing yet.
    const early = await app.app.inject({ method: 'GET', url: '/api/admin/verification', headers: { cookie: two } });
    expect(early.json().poops.map((p: { id: string }) => p.id)).not.toContain(id);

    expect((await verify(app, one, id, { type: 'Type 5' })).json()).toEqual({ stage: 1, verifiedByMe: 1 });
    expect(await row(app, id)).toMatchObject({ firstVerification: 'Type 5', needSecondVerification: true });
    expect((await verify(app, two, id, { type: 'Type 5' })).json()).toEqual({ stage: 2, verifiedByMe: 1 });
    expect(await row(app, id)).toMatchObject({ secondVerification: 'Type 5', needSecondVerification: false, needThirdVerification: true });
    // 0.125 (AI) + 0 (existing Type 3) + 0.25 + 0.25 = 0.625 < 0.75: Indecise, the type stays.
    const third = await verify(app, three, id, { type: 'Type 5' });
    expect(third.json()).toEqual({ stage: 3, verifiedByMe: 1, datasetType: 'Indecise' });
    expect(await row(app, id)).toMatchObject({ thirdVerification: 'Type 5', needThirdVerification: false, type: 'Type 3' });
    await until('the dataset file', async () => fs.existsSync(path.join(app.filesDir, 'dataset', 'Indecise', `${id}.webp`)));

    // A post where everyone agrees with the AI and the author reaches 0.75.
    const agreed = await post(app, 'Type 5');
    await until('the AI screening', async () => (await row(app, agreed)).aiScreening !== null);
    for (const cookie of [one, two, three]) expect((await verify(app, cookie, agreed, { type: 'Type 5' })).statusCode).toBe(200);
    await until('the dataset file', async () => fs.existsSync(path.join(app.filesDir, 'dataset', 'Type%205', `${agreed}.webp`)));
    expect(await row(app, agreed)).toMatchObject({ type: 'Type 5', verified: true, status: 'approved' });
    // No consensus: the first post stays unverified.
    expect((await row(app, id)).verified).toBe(false);
    const counter = await app.app.inject({ method: 'GET', url: '/api/admin/verification', headers: { cookie: three } });
    expect(counter.json().verifiedByMe).toBe(2);
  });

  it('a non-admin and a wrong-stage reviewer get 403; an admin who is not a reviewer has no stage', async () => {
    const app = await moderationApp();
    const id = await post(app);
    const outsider = await verify(app, app.author.cookie, id, { type: 'Type 1' });
    expect(outsider.statusCode).toBe(403);
    expect(
      (await app.app.inject({ method: 'GET', url: '/api/admin/verification', headers: { cookie: app.author.cookie } })).statusCode,
    ).toBe(403);
    expect((await app.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: app.author.cookie } })).statusCode).toBe(
      403,
    );
    const wrongStage = await verify(app, app.reviewers[1]!, id, { type: 'Type 1', stage: 1 });
    expect(wrongStage.statusCode).toBe(403);
    const plainAdmin = await app.app.inject({ method: 'GET', url: '/api/admin/verification', headers: { cookie: app.admin } });
    expect(plainAdmin.json()).toEqual({ stage: null, poops: [], verifiedByMe: 0 });
    expect((await verify(app, app.admin, id, { type: 'Type 1' })).statusCode).toBe(403);
    // Stage 2 before stage 1: the post does not wait for it.
    expect((await verify(app, app.reviewers[1]!, id, { type: 'Type 1' })).statusCode).toBe(409);
  });

  it('two concurrent stage-1 submissions record once', async () => {
    const app = await moderationApp();
    const id = await post(app);
    const results = await Promise.all([
      verify(app, app.reviewers[0]!, id, { type: 'Type 1' }),
      verify(app, app.reviewers[0]!, id, { type: 'Type 2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!;
    expect(winner.json().verifiedByMe).toBe(1);
    const stored = await row(app, id);
    expect(['Type 1', 'Type 2']).toContain(stored.firstVerification);
  });
});

describe('the dataset and deletion', () => {
  it("a post's dataset file goes with the post and with the account; a private or deleted post is never exported", async () => {
    const ai = await aiStandIn(() => 'ok', 'Type 5');
    const app = await moderationApp({ AI_BASE_URL: `${ai.url}/v1`, AI_MODEL: 'test-model' });
    const [one, two, three] = app.reviewers as [string, string, string];
    const datasetFile = (id: string) => path.join(app.filesDir, 'dataset', 'Type%205', `${id}.webp`);
    const verifiedAndExported = async (cookie: string, fields: Record<string, unknown> = {}) => {
      const id = randomUUID();
      expect((await putPoop(app.app, cookie, id, { type: 'Type 5', ...fields })).statusCode).toBe(201);
      await until('the AI screening', async () => (await row(app, id)).aiScreening !== null);
      for (const reviewer of [one, two, three]) expect((await verify(app, reviewer, id, { type: 'Type 5' })).statusCode).toBe(200);
      return id;
    };

    // Deleted by its author: the storage sweep removes the dataset file with the post's own files.
    const deleted = await verifiedAndExported(app.author.cookie);
    await until('the dataset file', async () => fs.existsSync(datasetFile(deleted)));
    expect(
      (await app.app.inject({ method: 'DELETE', url: `/api/poops/${deleted}`, headers: { cookie: app.author.cookie } })).statusCode,
    ).toBe(204);
    const sweeper = new StorageSweepService({
      files: new StoredFilesRepository(app.database.db),
      storage: app.storage,
      datasetFiles: new ModerationService({
        moderation: new ModerationRepository(app.database.db),
        storage: app.storage,
        screener: undefined,
        sink: storageSink(app.storage),
        reviewerEmails: [],
        feed: { invalidating: (work) => work() },
        enqueueScreening: async () => true,
        enqueueExport: async () => true,
        exportQueueReady: async () => true,
        now: () => new Date(),
        log: { info: () => undefined, warn: () => undefined },
      }),
    });
    await sweeper.sweep(new Date(Date.now() + DELETED_POST_FILES_GRACE_MS + 60_000));
    expect(fs.existsSync(datasetFile(deleted))).toBe(false);
    expect(await scalar(app.database, sql`SELECT count(*) AS n FROM dataset_exports WHERE poop_id = ${deleted}`)).toBe(0);

    // The account deleted: every dataset file of its posts goes.
    const leaver = await signIn(app.app);
    const kept = await verifiedAndExported(leaver.cookie);
    await until('the dataset file', async () => fs.existsSync(datasetFile(kept)));
    expect((await app.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: leaver.cookie } })).statusCode).toBeLessThan(300);
    expect(fs.existsSync(datasetFile(kept))).toBe(false);

    // A private post: its third stage queues no file, and saveImageToDrive refuses it.
    const hidden = await verifiedAndExported(app.author.cookie, { private: true });
    const admin = app.admin;
    const save = (id: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/saveImageToDrive',
        headers: { cookie: admin },
        payload: { downloadUrl: `/api/media/poops/${id}/display`, type: 'Type 5' },
      });
    expect((await save(hidden)).statusCode).toBe(403);
    // A deleted one: 404.
    expect((await save(deleted)).statusCode).toBe(404);
    // The private post's export job has run by the time another post's has.
    const later = await verifiedAndExported(app.author.cookie);
    await until('the dataset file', async () => fs.existsSync(datasetFile(later)));
    await until(
      'every export job done',
      async () =>
        (await scalar(
          app.database,
          sql`SELECT count(*) AS n FROM ${sql.raw(app.database.jobsSchema)}.job WHERE name = 'dataset-export' AND state <> 'completed'`,
        )) === 0,
    );
    expect(fs.existsSync(datasetFile(hidden))).toBe(false);
    expect(await scalar(app.database, sql`SELECT count(*) AS n FROM dataset_exports WHERE poop_id = ${hidden}`)).toBe(0);
  });
});

describe('moderator decisions', () => {
  it('a type change verifies, decides the status and notifies the author; Other posts wait for a decision', async () => {
    const app = await moderationApp();
    const other = await post(app, 'Other');
    expect((await row(app, other)).status).toBe('pending');
    const review = await app.app.inject({ method: 'GET', url: '/api/admin/review', headers: { cookie: app.admin } });
    expect(review.json().poops.map((p: { id: string }) => p.id)).toContain(other);

    const approved = await app.app.inject({
      method: 'POST',
      url: `/api/admin/poops/${other}/review`,
      headers: { cookie: app.admin },
      payload: { decision: 'approve' },
    });
    expect(approved.json().poop).toMatchObject({ status: 'approved', verified: true });

    const id = await post(app, 'Type 2');
    const changed = await app.app.inject({
      method: 'POST',
      url: `/api/admin/poops/${id}/type`,
      headers: { cookie: app.admin },
      payload: { type: 'Other' },
    });
    expect(changed.json().poop).toMatchObject({ type: 'Other', status: 'denied', verified: true });
    const notes = await app.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: app.author.cookie } });
    const messages = JSON.stringify(notes.json());
    expect(messages).toContain('A moderator changed the type of your post to Other');
    expect(messages).toContain('A moderator approved your post');
    // The notice names no moderator: the author sees neither the reviewer's name nor their avatar.
    const moderatorNotes = notes
      .json<{ notifications: Array<{ kind: string; actor: unknown }> }>()
      .notifications.filter((n) => ['poop_type_changed', 'poop_approved', 'poop_denied'].includes(n.kind));
    expect(moderatorNotes.length).toBeGreaterThan(0);
    expect(moderatorNotes.map((n) => n.actor)).toEqual(moderatorNotes.map(() => null));

    const unverified = await app.app.inject({ method: 'GET', url: '/api/admin/unverified', headers: { cookie: app.admin } });
    expect(unverified.json().poops.map((p: { id: string }) => p.id)).not.toContain(id);
    const fresh = await post(app, 'Type 1');
    const marked = await app.app.inject({ method: 'POST', url: `/api/admin/poops/${fresh}/verified`, headers: { cookie: app.admin } });
    expect(marked.json().poop.verified).toBe(true);

    const overview = await app.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: app.admin } });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({ poops: 3, queues: { stage1: 3 } });
  });
});

describe('dataset sinks', () => {
  it('saveImageToDrive uploads to Google Drive with a service-account token, a folder per type', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const google = await standIn((request) => {
      if (request.url === '/token') return { status: 200, body: { access_token: 'ya29.test', expires_in: 3600, token_type: 'Bearer' } };
      if (request.headers.authorization !== 'Bearer ya29.test') return { status: 401, body: { error: 'no token' } };
      if (request.method === 'GET' && request.url.startsWith('/drive/v3/files?')) return { status: 200, body: { files: [] } };
      if (request.method === 'POST' && request.url.startsWith('/drive/v3/files')) return { status: 200, body: { id: 'folder-type-3' } };
      if (request.url.startsWith('/upload/drive/v3/files?uploadType=multipart')) return { status: 200, body: { id: 'file-1' } };
      return { status: 404, body: {} };
    });
    const credentials = JSON.stringify({
      type: 'service_account',
      client_email: 'plop@test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    });
    const app = await moderationApp({
      GOOGLE_DRIVE_CREDENTIALS: credentials,
      GOOGLE_DRIVE_FOLDER_ID: 'root-folder',
      GOOGLE_DRIVE_API_URL: google.url,
      GOOGLE_TOKEN_URL: `${google.url}/token`,
    });
    const id = await post(app);
    const body = { downloadUrl: `/api/media/poops/${id}/display`, type: 'Type 3' };
    const denied = await app.app.inject({
      method: 'POST',
      url: '/api/saveImageToDrive',
      headers: { cookie: app.author.cookie },
      payload: body,
    });
    expect(denied.statusCode).toBe(403);
    const saved = await app.app.inject({ method: 'POST', url: '/api/saveImageToDrive', headers: { cookie: app.admin }, payload: body });
    expect(saved.json()).toEqual({ sink: 'drive', location: 'drive:file-1' });

    const assertion = new URLSearchParams(google.received[0]!.body.toString()).get('assertion')!;
    const [header, claims, signature] = assertion.split('.') as [string, string, string];
    expect(createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      iss: 'plop@test.iam.gserviceaccount.com',
      aud: `${google.url}/token`,
    });
    const folder = google.received.find((r) => r.method === 'POST' && r.url.startsWith('/drive/v3/files'))!;
    expect(JSON.parse(folder.body.toString())).toEqual({
      name: 'Type 3',
      mimeType: 'application/vnd.google-apps.folder',
      parents: ['root-folder'],
    });
    const upload = google.received.find((r) => r.url.startsWith('/upload/'))!;
    expect(upload.body.toString('latin1')).toContain(`"name":"${id}.webp","parents":["folder-type-3"]`);
    expect(upload.body.toString('latin1')).toContain('RIFF');

    const foreign = await app.app.inject({
      method: 'POST',
      url: '/api/saveImageToDrive',
      headers: { cookie: app.admin },
      payload: { downloadUrl: 'https://evil.example/x.webp', type: 'Type 3' },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('a Drive failure answers an error the app shows', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const google = await standIn(() => ({ status: 500, body: { error: 'backend down' } }));
    const app = await moderationApp({
      GOOGLE_DRIVE_CREDENTIALS: JSON.stringify({ client_email: 'x@y', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) }),
      GOOGLE_DRIVE_FOLDER_ID: 'root',
      GOOGLE_DRIVE_API_URL: google.url,
      GOOGLE_TOKEN_URL: `${google.url}/token`,
    });
    const id = await post(app);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/saveImageToDrive',
      headers: { cookie: app.admin },
      payload: { downloadUrl: `/api/media/poops/${id}/display`, type: 'Type 3' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toContain('Google token endpoint: 500');
  });
});

describe('the daily report', () => {
  it("is there as soon as the server has started: yesterday's figures, not 'no report yet'", async () => {
    const app = await moderationApp();
    const report = await app.app.inject({ method: 'GET', url: '/api/admin/report', headers: { cookie: app.admin } });
    expect(report.statusCode).toBe(200);
    const yesterday = DateTime.now().setZone(POOP_TIMEZONE).minus({ days: 1 }).toISODate();
    expect(report.json()).toMatchObject({
      day: yesterday,
      totalUsersYesterday: expect.any(Number),
      usersWithEmailYesterday: expect.any(Number),
    });
  });

  it('is written once for the previous New York day; running the job again changes nothing', async () => {
    const database = await openTestDatabase();
    try {
      const now = new Date('2026-03-10T12:00:00Z');
      await addUser(database, 'a1', { uid: 'a', email: 'a@x.org', createdAt: new Date('2026-03-01T00:00:00Z') });
      await addUser(database, 'b1', { uid: 'b', email: '', createdAt: new Date('2026-03-09T20:00:00Z') });
      // Created after the end of the New York day of March 9th: not in its report.
      await addUser(database, 'c1', { uid: 'c', email: 'c@x.org', createdAt: new Date('2026-03-10T06:00:00Z') });
      const config = loadConfig({ DATA_DIR: fs.mkdtempSync('/tmp/plop-report-') });
      const service = new ModerationService({
        moderation: new ModerationRepository(database.db),
        storage: createStorage(config),
        screener: undefined,
        sink: storageSink(createStorage(config)),
        reviewerEmails: [],
        feed: { invalidating: (write) => write() },
        enqueueScreening: async () => true,
        enqueueExport: async () => true,
        exportQueueReady: async () => true,
        now: () => now,
        log: { info: () => {}, warn: () => {} },
      });
      const { day } = ModerationService.reportDay(now);
      expect(day).toBe('2026-03-09');
      expect(await service.writeDailyReport(day)).toBe(true);
      await database.db.update(users).set({ email: 'b@x.org' }).where(eq(users.uid, 'b'));
      expect(await service.writeDailyReport(day)).toBe(false);
      expect(
        await database.db
          .select({ day: reports.day, totalUsers: reports.totalUsers, usersWithEmail: reports.usersWithEmail })
          .from(reports),
      ).toEqual([{ day: '2026-03-09', totalUsers: 2, usersWithEmail: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe("the dashboard's trend and the daily report's days", () => {
  it('counts and the series come from one answer: every day of the range, zero-filled, point by point', async () => {
    const app = await moderationApp();
    const db = app.database;
    // New York days: 10:00 on Jan 2nd (twice), 23:30 on Jan 2nd (04:30 UTC on the 3rd), Jan 5th.
    for (const at of ['2026-01-02T15:00:00Z', '2026-01-02T15:30:00Z', '2026-01-03T04:30:00Z', '2026-01-05T12:00:00Z']) {
      await addUser(db, undefined, { createdAt: new Date(at) });
    }
    const author = await addUser(db, undefined, { createdAt: new Date('2025-06-01T12:00:00Z') });
    for (const at of ['2026-01-03T14:00:00Z', '2026-01-03T20:00:00Z', '2026-01-07T23:00:00Z']) await addPoop(db, author, new Date(at));
    // Outside the range: the day before and the day after.
    await addUser(db, undefined, { createdAt: new Date('2026-01-01T04:00:00Z') });
    await addPoop(db, author, new Date('2026-01-08T06:00:00Z'));

    const res = await app.app.inject({
      method: 'GET',
      url: '/api/admin/overview?from=2026-01-01&to=2026-01-07',
      headers: { cookie: app.admin },
    });
    expect(res.statusCode).toBe(200);
    const overview = res.json<Overview>();
    expect(overview.byDay).toEqual([
      { day: '2026-01-01', users: 0, poops: 0 },
      { day: '2026-01-02', users: 3, poops: 0 },
      { day: '2026-01-03', users: 0, poops: 2 },
      { day: '2026-01-04', users: 0, poops: 0 },
      { day: '2026-01-05', users: 1, poops: 0 },
      { day: '2026-01-06', users: 0, poops: 0 },
      { day: '2026-01-07', users: 0, poops: 1 },
    ]);
    expect(overview).toMatchObject({ from: '2026-01-01', to: '2026-01-07', users: 4, poops: 3 });
  });

  it('answers the report of a chosen day with the days before it, and null figures for a day without one', async () => {
    const app = await moderationApp();
    const rows = [
      { day: '2026-01-01', totalUsers: 10, usersWithEmail: 4 },
      { day: '2026-01-02', totalUsers: 12, usersWithEmail: 5 },
      { day: '2026-01-03', totalUsers: 15, usersWithEmail: 7 },
      { day: '2026-01-05', totalUsers: 16, usersWithEmail: 7 },
    ];
    await app.database.db.insert(reports).values(rows);
    const get = (query: string) => app.app.inject({ method: 'GET', url: `/api/admin/report${query}`, headers: { cookie: app.admin } });

    const chosen = await get('?day=2026-01-03');
    expect(chosen.statusCode).toBe(200);
    const yesterday = DateTime.now().setZone(POOP_TIMEZONE).minus({ days: 1 }).toISODate();
    expect(chosen.json()).toEqual({
      day: '2026-01-03',
      totalUsersYesterday: 15,
      usersWithEmailYesterday: 7,
      recent: rows.slice(0, 3),
      firstDay: '2026-01-01',
      lastDay: yesterday,
    });
    const missing = await get('?day=2026-01-04');
    expect(missing.json()).toMatchObject({
      day: '2026-01-04',
      totalUsersYesterday: null,
      usersWithEmailYesterday: null,
      recent: rows.slice(0, 3),
    });
    const latest = await get('');
    expect(latest.json()).toMatchObject({ day: yesterday, firstDay: '2026-01-01', lastDay: yesterday });
    expect((await get('?day=2026-13-45')).statusCode).toBe(400);
    expect((await get('?day=tomorrow')).statusCode).toBe(400);
    expect(
      (await app.app.inject({ method: 'GET', url: '/api/admin/report?day=2026-01-03', headers: { cookie: app.author.cookie } })).statusCode,
    ).toBe(403);
  });
});
