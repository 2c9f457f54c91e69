import type { FollowResponse } from '../../core/follow-api';
import { NotFoundError, ValidationError } from '../errors';
import type { FollowRepository } from '../repositories/follow.repository';
import type { UserRepository } from '../repositories/user.repository';
import { SERVER_MESSAGES } from '../../core/server-messages';
import { notificationFor } from './social-effects';

/** Follow and unfollow; a new follow notifies the person followed (once, however often it is repeated). */
export class FollowService {
  constructor(
    private readonly follows: FollowRepository,
    private readonly users: UserRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async follow(followerUid: string, followeeUid: string): Promise<FollowResponse> {
    await this.checkTarget(followerUid, followeeUid);
    const follower = await this.users.findByUid(followerUid);
    const notification = follower ? notificationFor('followed', followeeUid, follower, null, followeeUid, this.now()) : undefined;
    return this.follows.follow(followerUid, followeeUid, { notification });
  }

  async unfollow(followerUid: string, followeeUid: string): Promise<FollowResponse> {
    await this.checkTarget(followerUid, followeeUid);
    return this.follows.unfollow(followerUid, followeeUid);
  }

  private async checkTarget(followerUid: string, followeeUid: string): Promise<void> {
    if (followerUid === followeeUid) throw new ValidationError(SERVER_MESSAGES.cannotFollowSelf);
    if (!(await this.users.findByUid(followeeUid))) throw new NotFoundError(SERVER_MESSAGES.noSuchUser);
  }
}
