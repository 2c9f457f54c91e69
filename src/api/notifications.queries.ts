import { infiniteQueryOptions } from '@tanstack/react-query';
import { getNotifications } from './notifications.api';
import { queryKeys } from './query-keys';

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notificationList(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Fresh on every visit: new ones arrive while the user is elsewhere.
    staleTime: 0,
    // The route's loader fetches it as the visit begins; the page does not fetch it again when it
    // mounts, where a second answer could come after the page marked the list read and take this
    // visit's "New" marks away.
    refetchOnMount: false,
  });
