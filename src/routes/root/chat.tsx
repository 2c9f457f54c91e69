import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../../features/chat/ChatPage';

/** `?with={uid}` opens the conversation with that user. */
function validateSearch(search: Record<string, unknown>): { with?: string } {
  const peer = search.with;
  return typeof peer === 'string' && peer.length > 0 && peer.length <= 128 ? { with: peer } : {};
}

function ChatRoute() {
  const search = Route.useSearch();
  return <ChatPage peer={search.with} />;
}

export const Route = createFileRoute('/root/chat')({ validateSearch, component: ChatRoute });
