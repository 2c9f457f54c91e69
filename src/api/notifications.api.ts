import type { UnreadCountResponse } from '../../core/api';
import type { MarkReadResponse, NotificationPageResponse } from '../../core/social-api';
import { apiFetch } from './api-client';

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const { count } = await apiFetch<UnreadCountResponse>('/api/notifications/unread-count', { signal });
  return count;
}

export function getNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationPageResponse> {
  const query = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  return apiFetch<NotificationPageResponse>(`/api/notifications${query}`, { signal });
}

/** Marks up to 50 (the newest unread) as read. */
export function markAllNotificationsRead(): Promise<MarkReadResponse> {
  return apiFetch<MarkReadResponse>('/api/notifications/read-all', { method: 'POST' });
}

/** Marks the notifications a screen showed as read (the caller's own; others are ignored). */
export function markShownNotificationsRead(ids: readonly string[]): Promise<MarkReadResponse> {
  return apiFetch<MarkReadResponse>('/api/notifications/read', { method: 'POST', body: { ids } });
}

export function markNotificationRead(id: string): Promise<MarkReadResponse> {
  return apiFetch<MarkReadResponse>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}
