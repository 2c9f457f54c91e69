import type { UnreadCountResponse } from '../../core/api';
import { apiFetch } from './api-client';

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const { count } = await apiFetch<UnreadCountResponse>('/api/notifications/unread-count', { signal });
  return count;
}
