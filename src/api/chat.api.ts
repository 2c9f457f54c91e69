import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ChatHistoryResponse, ChatMessageResponse, ConversationResponse, ConversationsResponse } from '../../core/chat-api';
import { apiFetch } from './api-client';
import { sendOrQueue, type Queued } from './outbox';
import { queryKeys } from './query-keys';

const peerPath = (peerUid: string) => `/api/chat/with/${encodeURIComponent(peerUid)}` as const;

export const conversationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.chatConversations(),
    queryFn: ({ signal }) => apiFetch<ConversationsResponse>('/api/chat/conversations', { signal }),
  });

export const conversationQuery = (peerUid: string) =>
  queryOptions({
    queryKey: queryKeys.chatConversation(peerUid),
    queryFn: ({ signal }) => apiFetch<ConversationResponse>(peerPath(peerUid), { signal }),
  });

/** A conversation's history, newest first, page by page (kept in the persisted cache for offline reading). */
export const chatHistoryQuery = (peerUid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chatHistory(peerUid),
    queryFn: ({ pageParam, signal }) => {
      const query = pageParam === null ? '' : `?cursor=${encodeURIComponent(pageParam)}`;
      return apiFetch<ChatHistoryResponse>(`${peerPath(peerUid)}/messages${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * Sends a message through the outbox: now when online, else queued (visible as pending) and
 * replayed once. The message id is made here, so a replay is the same message on the server.
 */
export function sendChatMessage(peerUid: string, messageId: string, body: string): Promise<ChatMessageResponse | Queued> {
  return sendOrQueue<ChatMessageResponse>({
    kind: 'chat-send',
    method: 'PUT',
    path: `${peerPath(peerUid)}/messages/${messageId}`,
    target: peerUid,
    body: { body },
  });
}

export function markConversationRead(peerUid: string): Promise<ConversationResponse> {
  return apiFetch<ConversationResponse>(`${peerPath(peerUid)}/read`, { method: 'PUT' });
}

export function setBlocked(peerUid: string, blocked: boolean): Promise<{ blocked: boolean }> {
  return apiFetch<{ blocked: boolean }>(`/api/chat/blocks/${encodeURIComponent(peerUid)}`, { method: blocked ? 'PUT' : 'DELETE' });
}

export function reportChatMessage(messageId: string, reason: string): Promise<{ reported: boolean }> {
  return apiFetch<{ reported: boolean }>(`/api/chat/messages/${encodeURIComponent(messageId)}/report`, {
    method: 'POST',
    body: { reason },
  });
}
