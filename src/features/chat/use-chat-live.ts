import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isPremium } from '../../../core/user';
import { conversationsQuery } from '../../api/chat.api';
import { useCurrentUser } from '../../api/me.queries';
import { onOutboxReplayed } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { connectChatSocket } from './chat-socket';

/**
 * Keeps a premium user's chat current on every screen under /root: one chat socket (its events
 * update the cached conversations, so the top bar's unread count moves live) and, after the
 * outbox replayed a message, the chat queries refetched.
 */
export function useChatLive(): void {
  const user = useCurrentUser();
  const client = useQueryClient();
  const premium = user !== null && isPremium(user);
  const uid = user?.uid;
  useEffect(() => {
    if (!premium || uid === undefined) return;
    const stop = connectChatSocket(client, uid);
    const stopReplays = onOutboxReplayed((report) => {
      if (report.sent.length > 0) void client.invalidateQueries({ queryKey: queryKeys.chat() });
    });
    return () => {
      stop();
      stopReplays();
    };
  }, [client, premium, uid]);
}

/** Messages from others that the user has not read yet, over all their conversations (0 for non-premium users). */
export function useChatUnreadCount(): number {
  const user = useCurrentUser();
  const premium = user !== null && isPremium(user);
  const { data } = useQuery({ ...conversationsQuery(), enabled: premium });
  if (!premium || !data) return 0;
  return data.conversations.reduce((sum, c) => sum + c.unread, 0);
}
