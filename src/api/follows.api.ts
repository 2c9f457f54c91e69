import type { FollowResponse } from '../../core/follow-api';
import { apiFetch } from './api-client';

/** Follows (PUT) or unfollows (DELETE) a user; both are idempotent and answer both sides' counts. */
export function setFollow(uid: string, following: boolean): Promise<FollowResponse> {
  return apiFetch<FollowResponse>(`/api/users/${encodeURIComponent(uid)}/follow`, { method: following ? 'PUT' : 'DELETE' });
}
