import { DiaryRepository } from './repositories/diary.repository';
import { DiaryService } from './services/diary.service';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { GEOCODE_MAX_QUEUED, GEOCODE_MIN_INTERVAL_MS, GEOCODE_OFFLINE_MAX_KM } from '../core/constants';
import type { Config } from './config';
import type { Database } from './db/database';
import type { IdentityProvider } from './integrations/firebase-auth';
import { sendWebPush, type VapidKeys } from './integrations/web-push';
import type { JobQueue } from './jobs/job-queue';
import { PUSH_DELIVER_QUEUE } from './jobs/push.job';
import { geonamesPlaces } from './integrations/geonames-places';
import { nominatimGeocoder } from './integrations/nominatim';
import { AccountRepository } from './repositories/account.repository';
import { CommentRepository } from './repositories/comment.repository';
import { FollowRepository } from './repositories/follow.repository';
import { GeocodeCacheRepository } from './repositories/geocode-cache.repository';
import { HealthRepository } from './repositories/health.repository';
import { IdempotencyRepository } from './repositories/idempotency.repository';
import { PushOutboxRepository } from './repositories/push-outbox.repository';
import { PushSubscriptionRepository } from './repositories/push-subscription.repository';
import { LikeRepository } from './repositories/like.repository';
import { LikedPostsBatch } from './services/liked-posts-batch';
import { NotificationRepository } from './repositories/notification.repository';
import { MapRepository } from './repositories/map.repository';
import { PoopRepository } from './repositories/poop.repository';
import { SessionRepository } from './repositories/session.repository';
import { StatsRepository } from './repositories/stats.repository';
import { VitalsRepository } from './repositories/vitals.repository';
import { UserDirectoryRepository } from './repositories/user-directory.repository';
import { StoredFilesRepository } from './repositories/stored-files.repository';
import { SupportRepository } from './repositories/support.repository';
import { UserRepository } from './repositories/user.repository';
import { AccountService } from './services/account.service';
import { CommentService } from './services/comment.service';
import { FEED_CACHE_MAX_ENTRIES, FEED_CACHE_TTL_MS, FEED_CHANGES_CHANNEL, FeedPageCache, feedCacheFor } from './services/feed-page-cache';
import { FollowService } from './services/follow.service';
import { GeocodeService } from './services/geocode.service';
import { HealthService } from './services/health.service';
import { LikeService } from './services/like.service';
import { MediaService } from './services/media.service';
import { NotificationService } from './services/notification.service';
import { MapService } from './services/map.service';
import { PoopAccess } from './services/poop-access';
import { PoopPostService } from './services/poop-post.service';
import { PoopService } from './services/poop.service';
import { ProfileService } from './services/profile.service';
import { pushCatalogs } from './services/push-catalogs';
import { PushService } from './services/push.service';
import { SessionService } from './services/session.service';
import { StatsService } from './services/stats.service';
import { VitalsService } from './services/vitals.service';
import { UserDirectoryService } from './services/user-directory.service';
import { StorageSweepService } from './services/storage-sweep.service';
import { UserService } from './services/user.service';
import type { ObjectStorage } from './storage/object-storage';
// --- moderation (issue 24) ---
import { openAiScreener } from './integrations/ai-screening';
import { driveSink, storageSink } from './integrations/dataset-sink';
import { AI_SCREENING_QUEUE, DATASET_EXPORT_QUEUE } from './jobs/moderation.job';
import { CHAT_PUSH_QUEUE } from './jobs/chat-push.job';
import { ModerationRepository } from './repositories/moderation.repository';
import { ModerationService } from './services/moderation.service';
// --- end moderation ---
// --- Premium and chat (issue 25) ---
import { stripePayments } from './integrations/stripe';
import { ChatRepository } from './repositories/chat.repository';
import { PremiumRepository } from './repositories/premium.repository';
import { CHAT_EVENTS_CHANNEL, ChatHub } from './services/chat-hub';
import { ChatService } from './services/chat.service';
// --- Streak habits (issue 44) ---
import { STREAK_REMINDER_QUEUE, streakReminderJobKey } from './jobs/streak-reminder.job';
import { StreakRepository } from './repositories/streak.repository';
import { StreakService } from './services/streak.service';
import { PremiumService } from './services/premium.service';
// --- Leagues and achievements (issue 44) ---
import { AchievementRepository } from './repositories/achievement.repository';
import { LeagueRepository } from './repositories/league.repository';
import { AchievementService } from './services/achievement.service';
import { LeagueService } from './services/league.service';
// --- health diary: the author's read and the data export (issue 43) ---
import { DiaryReadRepository } from './repositories/diary-read.repository';
import { DiaryReadService } from './services/diary-read.service';
import { DataExportRepository } from './repositories/data-export.repository';
import { DataExportService } from './services/data-export.service';
import { DATA_EXPORT_QUEUE } from './jobs/data-export.job';
import { exportsBudgetBytes, uploadStagingDir } from './storage/create-storage';
// --- end health diary read ---

export interface CompositionDeps {
  config: Config;
  database: Database;
  identity: IdentityProvider;
  storage: ObjectStorage;
  queue: JobQueue;
  vapid: VapidKeys;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The one composition root: every repository and service of the API is constructed here, once,
 * and `app.ts` hands the services to the routes. Routes never see a repository or the database.
 */
export function composeServices(deps: CompositionDeps) {
  const { config, database, identity, storage, queue, vapid, now, log } = deps;
  const db = database.db;

  const users = new UserRepository(db);
  const poops = new PoopRepository(database.db);
  const likeRepository = new LikeRepository(database.db);
  const comments = new CommentRepository(db);
  const access = new PoopAccess(poops);
  // One per process: every service that writes what a feed page shows empties it (see its comment).
  // Its writes are announced even with the cache off here: other servers on the database may cache.
  const instance = randomUUID();
  const feedCache = feedCacheFor(config.feedCache, database.kind);
  const feed = new FeedPageCache<string>({
    maxEntries: feedCache ? FEED_CACHE_MAX_ENTRIES : 0,
    ttlMs: FEED_CACHE_TTL_MS,
    announce: () =>
      database.notify(FEED_CHANGES_CHANNEL, instance).catch((error: unknown) => {
        // The write itself is done; the other servers show it within the TTL instead.
        log.warn({ err: error }, 'could not announce a feed change to the other servers');
      }),
  });
  /** Drops this server's feed pages when another server on the database announces a write; answers how to stop. */
  const listenForFeedChanges = async (): Promise<() => Promise<void>> => {
    if (!feedCache) return async () => {};
    return database.listen(FEED_CHANGES_CHANNEL, {
      onMessage: (writer) => {
        if (writer !== instance) feed.invalidate();
      },
      onLost: (error) => {
        // Announcements may have been missed while the connection was down.
        feed.invalidate();
        log.warn({ err: error }, 'lost the feed change listener; reconnecting');
      },
    });
  };
  const upstreamGeocoder = config.nominatim.url
    ? nominatimGeocoder({
        ...config.nominatim,
        minIntervalMs: GEOCODE_MIN_INTERVAL_MS,
        maxQueued: GEOCODE_MAX_QUEUED,
        log,
        // Servers on one database share the upstream's spacing (issue 27).
        lock: (name, work) => database.withAdvisoryLock(name, work),
      })
    : undefined;
  const profiles = new ProfileService({ users, support: new SupportRepository(db), storage, feed });
  const sessions = new SessionService({
    identity,
    users,
    sessions: new SessionRepository(db),
    sessionDays: config.sessionDays,
    adminEmails: [...config.adminEmails, ...config.reviewerEmails],
    log,
  });

  // --- moderation (issue 24) ---
  const moderation = new ModerationService({
    moderation: new ModerationRepository(db),
    storage,
    screener: config.ai ? openAiScreener(config.ai) : undefined,
    sink: config.drive ? driveSink(config.drive, now) : storageSink(storage),
    reviewerEmails: config.reviewerEmails,
    feed,
    enqueueScreening: (job, key) => queue.send(AI_SCREENING_QUEUE, job, key),
    enqueueExport: (job, key, within) => queue.send(DATASET_EXPORT_QUEUE, job, key, { within }),
    exportQueueReady: () => queue.ready(),
    now,
    log,
  });
  // --- end moderation ---

  // --- Premium and chat (issue 25): chat events reach every server through the database (ChatHub).
  const chatHub = new ChatHub(
    {
      notify: (payload) => database.notify(CHAT_EVENTS_CHANNEL, payload),
      listen: (handlers) => database.listen(CHAT_EVENTS_CHANNEL, handlers),
    },
    log,
  );
  const premium = new PremiumService({
    billing: new PremiumRepository(db),
    feed,
    payments: config.stripe ? stripePayments(config.stripe) : undefined,
    publicUrl: config.publicUrl,
    now,
    log,
  });
  const chat = new ChatService({
    chat: new ChatRepository(db),
    hub: chatHub,
    now,
    pushDelayMs: config.chatPushDelayMs,
    enqueuePush: (job, messageId, startAfter) => queue.send(CHAT_PUSH_QUEUE, job, [messageId], { startAfter }),
    log,
  });

  // --- Streak habits (issue 44): reminder checks are delayed jobs, one per last activity.
  const streaks = new StreakService({
    streaks: new StreakRepository(db),
    now,
    enqueueReminder: (job, startAfter) => queue.send(STREAK_REMINDER_QUEUE, job, streakReminderJobKey(job), { startAfter }),
    log,
  });
  // --- Leagues and achievements (issue 44): awards run after a post, a week close or a report.
  const achievements = new AchievementService(new AchievementRepository(db), now);
  const leagues = new LeagueService(new LeagueRepository(db), achievements, now);
  const awardAfterPost = (uid: string): Promise<string[]> =>
    achievements.evaluate(uid).then(
      (earned) => earned,
      (error: unknown) => {
        log.error({ err: error, uid }, 'could not award achievements after a post');
        return [];
      },
    );
  // "Download my data" (issues 43, 61): its archives also go with a deleted account.
  const dataExports = new DataExportService({
    exports: new DataExportRepository(db),
    storage,
    workDir: uploadStagingDir(config),
    enqueue: (job, key, delaySeconds) => queue.send(DATA_EXPORT_QUEUE, job, key, { startAfter: delaySeconds }),
    budgetBytes: exportsBudgetBytes(config),
    now,
    log,
  });

  return {
    achievements,
    leagues,
    // --- health diary: the author's read (issue 43) ---
    diaryRead: new DiaryReadService(new DiaryReadRepository(db)),
    dataExports,
    // --- end health diary read ---
    listenForFeedChanges,
    streaks,
    moderation,
    premium,
    chat,
    chatHub,
    health: new HealthService(new HealthRepository(database), config.version),
    sessions,
    users: new UserService(users, now),
    notifications: new NotificationService(new NotificationRepository(db)),
    posts: new PoopPostService({
      poops,
      storage,
      log,
      feed,
      lock: (name, work) => database.withAdvisoryLock(name, work),
      onStored: (id) => moderation.postStored(id),
      onActivity: (uid) => streaks.afterActivity(uid),
      onPosted: awardAfterPost,
    }),
    poops: new PoopService(poops, access, feed, new LikedPostsBatch((uids, ids) => likeRepository.likedAmong(uids, ids))),
    diary: new DiaryService({
      diary: new DiaryRepository(db),
      poops,
      // A diary-only entry is streak activity like a post: freezes, the reminder and achievements follow it.
      onActivity: async (uid) => {
        await streaks.afterActivity(uid);
        return awardAfterPost(uid);
      },
    }),
    likes: new LikeService({ poops, comments, likes: likeRepository, users, access, now, feed }),
    comments: new CommentService({ poops, comments, users, access, feed }),
    media: new MediaService({ poops, storage, access }),
    map: new MapService(new MapRepository(db)),
    geocode: new GeocodeService({
      cache: new GeocodeCacheRepository(db),
      upstream: upstreamGeocoder,
      places: geonamesPlaces({ maxKm: GEOCODE_OFFLINE_MAX_KM }),
    }),
    profiles,
    accounts: new AccountService({
      accounts: new AccountRepository(db),
      storage,
      identity,
      sessions,
      log,
      feed,
      datasetFiles: moderation,
      exportFiles: dataExports,
    }),
    storageSweep: new StorageSweepService({
      files: new StoredFilesRepository(db),
      storage,
      datasetFiles: moderation,
      orphanMinAgeMs: config.storage.orphanMinAgeMs,
    }),
    follows: new FollowService(new FollowRepository(db), users, now),
    directory: new UserDirectoryService(new UserDirectoryRepository(db), now),
    stats: new StatsService(new StatsRepository(db), now),
    vitals: new VitalsService(new VitalsRepository(db), now),
    idempotencyKeys: new IdempotencyRepository(db),
    push: new PushService({
      subscriptions: new PushSubscriptionRepository(db),
      outbox: new PushOutboxRepository(db),
      vapid,
      endpoints: { allowHttp: config.webPush.allowHttp, hosts: config.webPush.hosts },
      send: (target, payload, keys, ttl) => sendWebPush(target, payload, keys, ttl, { allowLoopback: config.webPush.allowHttp }),
      enqueue: (job, key) => queue.send(PUSH_DELIVER_QUEUE, job, key),
      catalogs: pushCatalogs,
      log,
    }),
  };
}
