import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySensible from '@fastify/sensible';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { IdentityProvider } from './integrations/firebase-auth';
import { contentSecurityPolicy } from './plugins/csp';
import { scheduleAccountDeletionRetries } from './jobs/account-deletion.job';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOriginCheck } from './plugins/origin-check';
import { registerSession, sessionCookieOptions } from './plugins/session';
import { registerStaticApp } from './plugins/static-app';
import { registerTextGuard } from './plugins/text-guard';
import { registerValidation } from './plugins/validation';
import { FollowRepository } from './repositories/follow.repository';
import { NotificationRepository } from './repositories/notification.repository';
import { StatsRepository } from './repositories/stats.repository';
import { UserDirectoryRepository } from './repositories/user-directory.repository';
import { SessionRepository } from './repositories/session.repository';
import { AccountRepository } from './repositories/account.repository';
import { SupportRepository } from './repositories/support.repository';
import { UserRepository } from './repositories/user.repository';
import { accountRoutes } from './routes/account/account.routes';
import { authEmulatorRoutes } from './routes/auth-emulator/auth-emulator.routes';
import { configRoutes } from './routes/config/config.routes';
import { followRoutes } from './routes/follows/follows.routes';
import { healthRoutes } from './routes/health/health.routes';
import { meRoutes } from './routes/me/me.routes';
import { leaderboardsRoutes } from './routes/leaderboards/leaderboards.routes';
import { notificationRoutes } from './routes/notifications/notifications.routes';
import { statsRoutes } from './routes/stats/stats.routes';
import { usersRoutes } from './routes/users/users.routes';
import { postingFeature } from './routes/posting.feature';
import { sessionRoutes } from './routes/session/session.routes';
import { supportRoutes } from './routes/support/support.routes';
import { FollowService } from './services/follow.service';
import { AccountService } from './services/account.service';
import { ProfileService } from './services/profile.service';
import { SessionService } from './services/session.service';
import { UserService } from './services/user.service';
import { NotificationService } from './services/notification.service';
import { StatsService } from './services/stats.service';
import { UserDirectoryService } from './services/user-directory.service';
import { createStorage } from './storage/create-storage';

export interface AppDeps {
  config: Config;
  database: Database;
  identity: IdentityProvider;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  logger?: boolean | { level: string };
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
    // Only proxies we were told about may name the client (the rate limit keys on it).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    // Google sign-in by redirect needs the opener relation across its pages.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(fastifyCookie);
  await app.register(fastifySensible);
  if (config.rateLimitMax > 0) {
    await app.register(fastifyRateLimit, { max: config.rateLimitMax, timeWindow: '1 minute' });
  }
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Plop API', version: config.version }, servers: [{ url: config.publicUrl }] },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerValidation(app);
  registerErrorHandler(app);
  registerOriginCheck(app, config.publicUrl);
  registerTextGuard(app);

  const userRepository = new UserRepository(database.db);
  const sessions = new SessionService({
    identity,
    users: userRepository,
    sessions: new SessionRepository(database.db),
    sessionDays: config.sessionDays,
    adminEmails: [...config.adminEmails, ...config.reviewerEmails],
  });
  const cookie = sessionCookieOptions(config.publicUrl);
  registerSession(app, sessions, cookie, now);

  await app.register(healthRoutes(database, config.version));
  await app.register(configRoutes(config));
  if (config.firebase.authEmulatorHost) await app.register(authEmulatorRoutes(config.firebase.authEmulatorHost));
  await app.register(sessionRoutes(sessions, cookie, now));
  await app.register(meRoutes(new UserService(userRepository, now)));
  await app.register(notificationRoutes(new NotificationService(new NotificationRepository(database.db))));
  const storage = createStorage(config);
  await app.register(postingFeature({ config, database, storage, now }));
  const profiles = new ProfileService({ users: userRepository, support: new SupportRepository(database.db), storage });
  const accounts = new AccountService({ accounts: new AccountRepository(database.db), storage, identity, log: app.log });
  await app.register(accountRoutes({ profiles, accounts, cookie }));
  await app.register(supportRoutes(profiles));
  scheduleAccountDeletionRetries(app, accounts);
  await app.register(followRoutes(new FollowService(new FollowRepository(database.db), userRepository, now)));
  const directory = new UserDirectoryService(new UserDirectoryRepository(database.db), now);
  await app.register(usersRoutes(directory));
  await app.register(leaderboardsRoutes(directory));
  await app.register(statsRoutes(new StatsService(new StatsRepository(database.db), now)));

  if (config.staticDir) await registerStaticApp(app, config.staticDir);
  return app;
}
