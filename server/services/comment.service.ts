import { COMMENTS_PAGE_SIZE } from '../../core/constants';
import { POOP_MESSAGES } from '../../core/messages';
import type { Comment, CommentPageResponse, CreateCommentBody } from '../../core/poop-api';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { CommentRepository } from '../repositories/comment.repository';
import type { PoopAccessRow, PoopRepository } from '../repositories/poop.repository';
import type { UserRepository } from '../repositories/user.repository';
import { parseCursor, toPage } from './keyset-page';
import type { FeedInvalidation } from './feed-page-cache';
import type { PoopAccess } from './poop-access';
import { toApiComment } from './poop.mapper';
import type { SessionPrincipal } from './session.service';
import { notificationFor } from './social-effects';
import { visibleText } from '../../core/visible-text';

/**
 * Comments on posts the caller can see. Created under the client's UUID, so a replay does not
 * duplicate; a new comment on someone else's post notifies its author in the same transaction.
 */
export class CommentService {
  constructor(
    private readonly deps: {
      poops: PoopRepository;
      comments: CommentRepository;
      users: UserRepository;
      access: PoopAccess;
      /** A post's comment count shows in the feed. */
      feed: FeedInvalidation;
    },
  ) {}

  async list(
    poopId: string,
    query: { cursor?: string; limit?: number },
    principal: SessionPrincipal | undefined,
  ): Promise<CommentPageResponse> {
    await this.requireVisiblePoop(poopId, principal);
    const limit = query.limit ?? COMMENTS_PAGE_SIZE;
    const rows = await this.deps.comments.list({
      poopId,
      after: parseCursor(query.cursor),
      limit: limit + 1,
      viewerUid: principal?.uid,
    });
    const { items, nextCursor } = toPage(rows, limit, (row) => row.created);
    return { comments: items.map(toApiComment), nextCursor };
  }

  async create(
    poopId: string,
    principal: SessionPrincipal,
    body: CreateCommentBody,
    now: Date,
  ): Promise<{ created: boolean; comment: Comment }> {
    // Both reads at once: each waits for a pooled connection, and under load that wait is most of a read.
    const [poop, author] = await Promise.all([this.requireVisiblePoop(poopId, principal), this.deps.users.findByUid(principal.uid)]);
    const text = visibleText(body.text);
    if (text === '') throw new ValidationError(POOP_MESSAGES.commentEmpty);
    const id = body.id.toLowerCase();
    const notification = author
      ? notificationFor('poop_commented', poop.uid, { uid: author.uid, username: author.username }, poopId, id, now, id)
      : undefined;
    const row = { id, poopId, uid: principal.uid, text, created: now };
    const created = await this.deps.feed.invalidating(() => this.deps.comments.insert(row, { notification }));
    if (created && author) {
      // A new comment is what was just written, by the author read above: no need to read it back.
      const view = {
        ...row,
        likes: 0,
        likedByMe: false,
        username: author.username,
        userPhotoUrl: author.photoUrl,
        userPremium: author.premium,
        userSubscriptionStatus: author.subscriptionStatus,
        userAdmin: author.admin,
      };
      return { created, comment: toApiComment(view) };
    }
    if (!created) {
      const existing = await this.deps.comments.findById(id);
      if (!existing || existing.uid !== principal.uid || existing.poopId !== poopId) {
        throw new ConflictError(POOP_MESSAGES.commentIdTaken);
      }
    }
    const view = await this.deps.comments.findView(id, principal.uid);
    if (!view) throw new NotFoundError(POOP_MESSAGES.commentNotFound);
    return { created, comment: toApiComment(view) };
  }

  /** By its author, the post's owner or an admin. A comment already gone counts as deleted (outbox replays). */
  async remove(commentId: string, principal: SessionPrincipal): Promise<void> {
    const comment = await this.deps.comments.findById(commentId);
    if (!comment) return;
    const poop = await this.deps.poops.findAccess(comment.poopId);
    const allowed = comment.uid === principal.uid || poop?.uid === principal.uid || (await this.deps.access.isAdmin(principal));
    if (!allowed) {
      if (poop && (await this.deps.access.canView(poop, principal))) {
        throw new ForbiddenError(POOP_MESSAGES.cannotDeleteComment);
      }
      throw new NotFoundError(POOP_MESSAGES.commentNotFound);
    }
    await this.deps.feed.invalidating(() => this.deps.comments.delete(commentId));
  }

  private async requireVisiblePoop(poopId: string, principal: SessionPrincipal | undefined): Promise<PoopAccessRow> {
    const poop = await this.deps.poops.findAccess(poopId);
    if (!poop || !(await this.deps.access.canView(poop, principal))) throw new NotFoundError(POOP_MESSAGES.poopNotFound);
    return poop;
  }
}
