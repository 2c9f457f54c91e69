import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GEOCODE_MAX_QUEUED, GEOCODE_MIN_INTERVAL_MS } from '../../core/constants';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { nominatimGeocoder } from '../integrations/nominatim';
import { CommentRepository } from '../repositories/comment.repository';
import { GeocodeCacheRepository } from '../repositories/geocode-cache.repository';
import { LikeRepository } from '../repositories/like.repository';
import { PoopRepository } from '../repositories/poop.repository';
import { UserRepository } from '../repositories/user.repository';
import { CommentService } from '../services/comment.service';
import { GeocodeService } from '../services/geocode.service';
import { LikeService } from '../services/like.service';
import { MediaService } from '../services/media.service';
import { PoopAccess } from '../services/poop-access';
import { PoopPostService } from '../services/poop-post.service';
import { PoopService } from '../services/poop.service';
import type { ObjectStorage } from '../storage/object-storage';
import { commentsRoutes } from './comments/comments.routes';
import { geocodeRoutes } from './geocode/geocode.routes';
import { likesRoutes } from './likes/likes.routes';
import { mediaRoutes } from './media/media.routes';
import { poopsRoutes } from './poops/poops.routes';

/**
 * Wires the "Posting and the feed" routes (posts, feed, likes, comments, images, reverse
 * geocoding) to their services, repositories and the file storage; app.ts registers it once.
 */
export const postingFeature =
  (deps: { config: Config; database: Database; storage: ObjectStorage; now: () => Date }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { config, database, storage, now } = deps;
    const poops = new PoopRepository(database.db);
    const comments = new CommentRepository(database.db);
    const access = new PoopAccess(poops);
    const users = new UserRepository(database.db);
    const geocoder = nominatimGeocoder({
      ...config.nominatim,
      minIntervalMs: GEOCODE_MIN_INTERVAL_MS,
      maxQueued: GEOCODE_MAX_QUEUED,
      log: app.log,
    });

    await app.register(
      poopsRoutes({ posts: new PoopPostService({ poops, storage, log: app.log }), poops: new PoopService(poops, access), now }),
    );
    await app.register(likesRoutes(new LikeService({ poops, comments, likes: new LikeRepository(database.db), users, access, now })));
    await app.register(commentsRoutes({ comments: new CommentService({ poops, comments, users, access }), now }));
    await app.register(mediaRoutes(new MediaService({ poops, storage, access })));
    await app.register(
      geocodeRoutes(new GeocodeService({ cache: new GeocodeCacheRepository(database.db), geocoder })),
    );
  };
