import type { FollowResponse } from '../../core/follow-api';
import { sendOrQueue, type Queued } from './outbox';

/**
 * Follows (PUT) or unfollows (DELETE) a user; both are idempotent and answer both sides' counts.
 * Queued offline, or when the request fails for a network reason (see sendOrQueue).
 */
export function setFollow(uid: string, following: boolean): Promise<FollowResponse | Queued> {
  return sendOrQueue<FollowResponse>({
    kind: following ? 'follow' : 'unfollow',
    method: following ? 'PUT' : 'DELETE',
    path: `/api/users/${encodeURIComponent(uid)}/follow`,
    target: uid,
  });
}
