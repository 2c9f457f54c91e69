import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySensible from '@fastify/sensible';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { IdentityProvider } from './integrations/firebase-auth';
import { composeServices } from './composition';
import { registerSecurityHeaders } from './plugins/csp';
import { scheduleAccountDeletionRetries } from './jobs/account-deletion.job';
import { scheduleSessionPruning } from './jobs/session-prune.job';
import { scheduleStorageSweep } from './jobs/storage-sweep.job';
import { scheduleIdempotencyPrune } from './jobs/idempotency-prune.job';
import { attachJobQueue, JobQueue } from './jobs/job-queue';
import { schedulePush } from './jobs/push.job';
import { loadVapidKeys } from './integrations/web-push';
import { registerIdempotency } from './plugins/idempotency';
import { registerRouteTable } from './plugins/route-table';
import { pushRoutes } from './routes/push/push.routes';
import { clientErrors, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerOriginCheck } from './plugins/origin-check';
import { globalRateLimit, registerRouteRateLimits } from './plugins/rate-limits';
import { registerSession, sessionCookieOptions } from './plugins/session';
import { registerStaticApp, type PageData } from './plugins/static-app';
import { registerTextGuard } from './plugins/text-guard';
import { registerValidation } from './plugins/validation';
import { accountRoutes } from './routes/account/account.routes';
import { authEmulatorRoutes } from './routes/auth-emulator/auth-emulator.routes';
import { commentsRoutes } from './routes/comments/comments.routes';
import { configRoutes, publicConfig } from './routes/config/config.routes';
import { followRoutes } from './routes/follows/follows.routes';
import { geocodeRoutes } from './routes/geocode/geocode.routes';
import { healthRoutes } from './routes/health/health.routes';
import { likesRoutes } from './routes/likes/likes.routes';
import { meRoutes } from './routes/me/me.routes';
import { mediaRoutes } from './routes/media/media.routes';
import { notificationRoutes } from './routes/notifications/notifications.routes';
import { mapRoutes } from './routes/map/map.routes';
import { poopsRoutes } from './routes/poops/poops.routes';
import { sessionRoutes } from './routes/session/session.routes';
import { supportRoutes } from './routes/support/support.routes';
import { leaderboardsRoutes } from './routes/leaderboards/leaderboards.routes';
import { statsRoutes } from './routes/stats/stats.routes';
import { vitalsRoutes } from './routes/vitals/vitals.routes';
import { usersRoutes } from './routes/users/users.routes';
import { createStorage, uploadStagingDir } from './storage/create-storage';
import { UploadGate } from './plugins/upload-gate';
import { PHOTO_MAX_BYTES } from '../core/constants';
// --- moderation (issue 24) ---
import { scheduleModeration } from './jobs/moderation.job';
import { scheduleChatPush } from './jobs/chat-push.job';
import { moderationRoutes } from './routes/moderation/moderation.routes';
// --- end moderation ---
import { chatRoutes } from './routes/chat/chat.routes';
import { premiumRoutes } from './routes/premium/premium.routes';
// --- Streak habits (issue 44) ---
import { scheduleStreakReminders } from './jobs/streak-reminder.job';
import { streakRoutes } from './routes/streak/streak.routes';
// --- Leagues and achievements (issue 44) ---
import { achievementsRoutes } from './routes/achievements/achievements.routes';
import { leaguesRoutes } from './routes/leagues/leagues.routes';
import { scheduleLeagueWeekClose } from './jobs/league-week.job';
import { diaryRoutes } from './routes/diary/diary.routes';
// --- health diary: the author's read and the data export (issue 43) ---
import { diaryReadRoutes } from './routes/diary/read';
import { dataExportRoutes } from './routes/data-export/data-export.routes';
import { scheduleDataExports } from './jobs/data-export.job';
// --- end health diary read ---
// --- operations: backups, metrics, readiness (issue 63) ---
import { Backups, scheduleBackups } from './jobs/backup.job';
import { registerBackupEndpoint } from './plugins/backup-endpoint';
import { registerMetrics } from './plugins/metrics';
import { registerReadiness } from './plugins/readiness';
// --- end operations ---

export interface AppDeps {
  config: Config;
  database: Database;
  identity: IdentityProvider;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** Fastify's logger option (tests may pass `{ level, stream }` to read what was logged). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

/**
 * Builds the API and the static PWA on one origin. Order matters: external plugins first
 * (security headers, cookies, rate limit, OpenAPI must see every route), then ours (errors,
 * origin check, session), then routes, then the static app with its SPA fallback last.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, identity } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // Graceful shutdown: a request on a connection accepted before close() gets its normal answer
    // (not Fastify's bare 503); new connections are refused, idle keep-alive ones closed.
    return503OnClosing: false,
    // Only proxies we were told about may name the client (the rate limit keys on it).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 1024 * 1024,
    // Bad URL encoding and over-long params answer in our envelope too.
    frameworkErrors,
    // ...and so do requests Node's parser refuses (431 for over-long headers).
    clientErrorHandler: clientErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // First: the authorization matrix and the fuzzing tests are generated from it (issue 27).
  registerRouteTable(app);

  registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifySensible);
  if (config.rateLimitMax > 0) {
    registerRouteRateLimits(app, config.routeRateLimits, config.instances);
    await app.register(fastifyRateLimit, globalRateLimit(config.rateLimitMax, config.instances));
  }
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Plop API', version: config.version }, servers: [{ url: config.publicUrl }] },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Chat's realtime socket (issue 25); small frames: the socket only carries events to the app.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  registerValidation(app);
  registerErrorHandler(app);
  registerOriginCheck(app, config.publicUrl);
  registerTextGuard(app);

  // pg-boss's cron: the nightly backup (issue 63) and the league week close (issue 60).
  const queue = new JobQueue(database, app.log, config.jobsPollMs, { cron: true });
  attachJobQueue(app, queue);
  const vapid = await loadVapidKeys(config);
  const storage = createStorage(config);
  const services = composeServices({ config, database, identity, storage, queue, vapid, now, log: app.log });
  // --- operations (issue 63): metrics first among ours, so every route's durations are measured ---
  const backups = new Backups({ database, databaseUrl: config.databaseUrl, dataDir: config.dataDir, storage, now }, app.log, {
    dir: config.backup.dir,
    keep: config.backup.keep,
  });
  registerMetrics(app, { database, backups, push: services.push, token: config.metricsToken });
  registerReadiness(app, { database, storage, dataDir: config.dataDir });
  registerBackupEndpoint(app, { backups, dataDir: config.dataDir, host: config.host, port: config.port });
  if (config.backup.scheduled) scheduleBackups(app, { backups, queue, cron: config.backup.cron });
  // --- end operations ---
  // Writes announced by other servers on the same database drop this server's feed pages.
  const stopFeedChanges = await services.listenForFeedChanges();
  app.addHook('onClose', stopFeedChanges);
  registerIdempotency(app, services.idempotencyKeys, now);
  scheduleIdempotencyPrune(app, services.idempotencyKeys, now);
  const { sessions, profiles, accounts } = services;
  const cookie = sessionCookieOptions(config.publicUrl);
  registerSession(app, sessions, cookie, now);
  scheduleSessionPruning(app, sessions, now);

  await app.register(healthRoutes(services.health));
  schedulePush(app, { push: services.push, queue, pollMs: config.jobsPollMs, retryDelaySeconds: config.webPush.retryDelaySeconds });
  await app.register(configRoutes(config, { vapidPublicKey: vapid.publicKey }));
  await app.register(pushRoutes({ push: services.push, now }));
  if (config.firebase.authEmulatorHost) await app.register(authEmulatorRoutes(config.firebase.authEmulatorHost));
  await app.register(sessionRoutes(sessions, cookie, now));
  await app.register(meRoutes(services.users));
  await app.register(notificationRoutes(services.notifications));
  // One gate for every upload route: the bounds are per process, whichever route the bytes come through.
  const uploads = new UploadGate(uploadStagingDir(config), {
    maxBytesInFlight: config.uploads.maxBytesInFlight,
    maxPerUser: config.uploads.maxPerUser,
    // The photo and the form's text fields around it.
    maxRequestBytes: PHOTO_MAX_BYTES + 1024 * 1024,
  });
  await app.register(poopsRoutes({ posts: services.posts, poops: services.poops, now, uploads }));
  await app.register(diaryRoutes({ diary: services.diary, now }));
  await app.register(likesRoutes(services.likes));
  await app.register(commentsRoutes({ comments: services.comments, now }));
  await app.register(mediaRoutes(services.media));
  await app.register(geocodeRoutes(services.geocode));
  await app.register(mapRoutes({ map: services.map }));
  await app.register(accountRoutes({ profiles, accounts, cookie, uploads }));
  await app.register(supportRoutes(profiles));
  scheduleAccountDeletionRetries(app, accounts);
  scheduleStorageSweep(app, services.storageSweep, now);
  await app.register(followRoutes(services.follows));
  await app.register(usersRoutes(services.directory, services.achievements));
  await app.register(leaderboardsRoutes(services.directory));
  await app.register(statsRoutes(services.stats));
  await app.register(vitalsRoutes(services.vitals));
  // --- moderation (issue 24) ---
  await app.register(moderationRoutes(services.moderation));
  scheduleModeration(app, { moderation: services.moderation, queue, now, retryDelaySeconds: config.webPush.retryDelaySeconds });
  // --- end moderation ---
  // --- Premium and chat (issue 25) ---
  await app.register(premiumRoutes(services.premium));
  await app.register(chatRoutes({ chat: services.chat, hub: services.chatHub, publicUrl: config.publicUrl }));
  scheduleChatPush({ chat: services.chat, queue, retryDelaySeconds: config.webPush.retryDelaySeconds });
  // --- Streak habits (issue 44) ---
  await app.register(streakRoutes(services.streaks));
  scheduleStreakReminders({ streaks: services.streaks, queue, retryDelaySeconds: config.webPush.retryDelaySeconds });
  // --- end streak habits ---
  // --- Leagues and achievements (issue 44) ---
  await app.register(leaguesRoutes(services.leagues));
  await app.register(achievementsRoutes(services.achievements));
  scheduleLeagueWeekClose(app, { leagues: services.leagues, queue, now, retryDelaySeconds: config.webPush.retryDelaySeconds });
  // --- end leagues ---
  const stopChatEvents = await services.chatHub.listen();
  app.addHook('onClose', async () => {
    await stopChatEvents();
  });

  // --- health diary: the author's read and the data export (issue 43) ---
  await app.register(diaryReadRoutes(services.diaryRead));
  await app.register(dataExportRoutes(services.dataExports));
  scheduleDataExports(app, { exports: services.dataExports, queue, now });
  // --- end health diary read ---

  if (config.staticDir) {
    // A page the browser navigates to says who is signed in, so the app starts without GET /api/me
    // (the session plugin reads the cookie for /api/ only).
    const pageData: PageData = {
      session: async (request) => {
        const value = request.cookies[cookie.name];
        const principal = value ? await sessions.authenticate(value, now()) : undefined;
        return principal ? services.users.get(principal.uid).catch(() => null) : null;
      },
    };
    await registerStaticApp(app, config.staticDir, publicConfig(config, { vapidPublicKey: vapid.publicKey }), pageData);
  }
  return app;
}
