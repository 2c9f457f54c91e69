import { POOP_MESSAGES } from '../../core/messages';
import type { LikeResponse } from '../../core/poop-api';
import { NotFoundError } from '../errors';
import type { CommentRepository } from '../repositories/comment.repository';
import type { LikeRepository } from '../repositories/like.repository';
import type { PoopRepository } from '../repositories/poop.repository';
import type { PoopAccess } from './poop-access';
import type { SessionPrincipal } from './session.service';

/** Likes of posts and comments: PUT likes, DELETE unlikes, both idempotent; only on what the caller can see. */
export class LikeService {
  constructor(
    private readonly deps: { poops: PoopRepository; comments: CommentRepository; likes: LikeRepository; access: PoopAccess },
  ) {}

  async setPoopLike(poopId: string, principal: SessionPrincipal, liked: boolean): Promise<LikeResponse> {
    await this.requireVisiblePoop(poopId, principal, POOP_MESSAGES.poopNotFound);
    const likes = liked
      ? await this.deps.likes.likePoop(principal.uid, poopId)
      : await this.deps.likes.unlikePoop(principal.uid, poopId);
    return { liked, likes };
  }

  async setCommentLike(commentId: string, principal: SessionPrincipal, liked: boolean): Promise<LikeResponse> {
    const comment = await this.deps.comments.findById(commentId);
    if (!comment) throw new NotFoundError(POOP_MESSAGES.commentNotFound);
    await this.requireVisiblePoop(comment.poopId, principal, POOP_MESSAGES.commentNotFound);
    const likes = liked
      ? await this.deps.likes.likeComment(principal.uid, commentId)
      : await this.deps.likes.unlikeComment(principal.uid, commentId);
    return { liked, likes };
  }

  private async requireVisiblePoop(poopId: string, principal: SessionPrincipal, message: string): Promise<void> {
    const poop = await this.deps.poops.findAccess(poopId);
    if (!poop || !(await this.deps.access.canView(poop, principal))) throw new NotFoundError(message);
  }
}
