import type { FollowResponse } from '../../core/follow-api';
import { sendOrQueue, type Queued } from './outbox';

/** Follows (PUT) or unfollows (DELETE) a user; both idempotent, queued offline (see sendOrQueue). */
export function setFollow(uid: string, follow: boolean): Promise<FollowResponse | Queued> {
  return sendOrQueue<FollowResponse>({
    kind: follow ? 'follow' : 'unfollow',
    method: follow ? 'PUT' : 'DELETE',
    path: `/api/users/${encodeURIComponent(uid)}/follow`,
    target: uid,
  });
}
