import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatHistoryResponse, ChatMessage, ChatSocketEvent } from '../../../core/chat-api';
import { CHAT_RECONNECT_MAX_MS, CHAT_RECONNECT_MS, CHAT_SOCKET_PATH } from '../../../core/constants';
import { queryKeys } from '../../api/query-keys';

/** Puts a message at the head of the cached history of its conversation, once. */
export function addToHistory(client: QueryClient, peerUid: string, message: ChatMessage): void {
  client.setQueryData<InfiniteData<ChatHistoryResponse, string | null>>(queryKeys.chatHistory(peerUid), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ messages: [message, ...(first?.messages ?? [])], nextCursor: first?.nextCursor ?? null }, ...rest] };
  });
}

/**
 * The realtime side of chat: one WebSocket while a premium user is in the app, reconnecting with
 * back-off. Each event updates the query cache (the history, the list); each time it opens, the
 * chat queries are refetched, since events sent before were not received.
 */
export function connectChatSocket(client: QueryClient, me: string): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let delay = CHAT_RECONNECT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const url = new URL(CHAT_SOCKET_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      delay = CHAT_RECONNECT_MS;
      // Events sent before the socket was open were not received: every chat query shown (the
      // list with its unread count, an open conversation) is read again, on the first open too,
      // since a page may have read them before a message the socket missed.
      void client.invalidateQueries({ queryKey: queryKeys.chat() });
    });
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      let parsed: ChatSocketEvent;
      try {
        parsed = JSON.parse(event.data) as ChatSocketEvent;
      } catch {
        return; // Not one of ours: ignored.
      }
      if (parsed.type === 'message') {
        const peer = parsed.message.senderUid === me ? parsed.message.recipientUid : parsed.message.senderUid;
        addToHistory(client, peer, parsed.message);
      } else if (parsed.type === 'blocked') {
        void client.invalidateQueries({ queryKey: queryKeys.chatConversation(parsed.peerUid) });
      }
      void client.invalidateQueries({ queryKey: queryKeys.chatConversations() });
    });
    socket.addEventListener('close', () => {
      socket = null;
      if (stopped) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, CHAT_RECONNECT_MAX_MS);
    });
  };
  connect();
  const online = () => {
    // Back online: try now rather than after the back-off.
    if (socket === null && !stopped) {
      clearTimeout(timer);
      connect();
    }
  };
  window.addEventListener('online', online);
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', online);
    socket?.close();
  };
}
