import { POOP_MESSAGES } from '../../core/messages';
import { POINTS } from '../../core/points';
import type { LikeResponse } from '../../core/poop-api';
import { NotFoundError, UnauthenticatedError } from '../errors';
import type { CommentRepository } from '../repositories/comment.repository';
import type { LikeRepository } from '../repositories/like.repository';
import type { PoopAccessRow, PoopRepository } from '../repositories/poop.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { FeedInvalidation } from './feed-page-cache';
import type { PoopAccess } from './poop-access';
import type { SessionPrincipal } from './session.service';
import { notificationFor, type Actor } from './social-effects';

/**
 * Likes of posts and comments: PUT likes, DELETE unlikes, both idempotent; only on what the
 * caller can see. A like of someone else's post earns its author a point (withdrawn with the
 * like) and notifies them; liking your own earns and notifies nothing.
 */
export class LikeService {
  constructor(
    private readonly deps: {
      poops: PoopRepository;
      comments: CommentRepository;
      likes: LikeRepository;
      users: UserRepository;
      access: PoopAccess;
      now: () => Date;
      /** A post's like count and likedByMe show in the feed (comment likes do not). */
      feed: FeedInvalidation;
    },
  ) {}

  async setPoopLike(poopId: string, principal: SessionPrincipal, liked: boolean): Promise<LikeResponse> {
    if (!liked) {
      const poop = await this.requireVisiblePoop(poopId, principal, POOP_MESSAGES.poopNotFound);
      const points = poop.uid === principal.uid ? undefined : { uid: poop.uid, delta: POINTS.likeWithdrawn };
      return { liked, likes: await this.deps.feed.invalidating(() => this.deps.likes.unlikePoop(principal.uid, poopId, { points })) };
    }
    // Both reads at once: each waits for a pooled connection, and under load that wait is most of a read.
    const [poop, actor] = await Promise.all([
      this.requireVisiblePoop(poopId, principal, POOP_MESSAGES.poopNotFound),
      this.actor(principal),
    ]);
    const own = poop.uid === principal.uid;
    const notification = notificationFor('poop_liked', poop.uid, actor, poopId, poopId, this.deps.now());
    const points = own ? undefined : { uid: poop.uid, delta: POINTS.likeReceived };
    return {
      liked,
      likes: await this.deps.feed.invalidating(() => this.deps.likes.likePoop(principal.uid, poopId, { notification, points })),
    };
  }

  async setCommentLike(commentId: string, principal: SessionPrincipal, liked: boolean): Promise<LikeResponse> {
    const comment = await this.deps.comments.findById(commentId);
    if (!comment) throw new NotFoundError(POOP_MESSAGES.commentNotFound);
    if (!liked) {
      await this.requireVisiblePoop(comment.poopId, principal, POOP_MESSAGES.commentNotFound);
      return { liked, likes: await this.deps.likes.unlikeComment(principal.uid, commentId) };
    }
    const [, actor] = await Promise.all([
      this.requireVisiblePoop(comment.poopId, principal, POOP_MESSAGES.commentNotFound),
      this.actor(principal),
    ]);
    const notification = notificationFor('comment_liked', comment.uid, actor, comment.poopId, commentId, this.deps.now(), commentId);
    return { liked, likes: await this.deps.likes.likeComment(principal.uid, commentId, { notification }) };
  }

  private async actor(principal: SessionPrincipal): Promise<Actor> {
    const row = await this.deps.users.findByUid(principal.uid);
    if (!row) throw new UnauthenticatedError();
    return { uid: row.uid, username: row.username };
  }

  private async requireVisiblePoop(poopId: string, principal: SessionPrincipal, message: string): Promise<PoopAccessRow> {
    const poop = await this.deps.poops.findAccess(poopId);
    if (!poop || !(await this.deps.access.canView(poop, principal))) throw new NotFoundError(message);
    return poop;
  }
}
