import { useEffect, useRef, type MouseEvent } from 'react';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import TrophyIcon from '@mui/icons-material/EmojiEvents';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { relativeTime } from '../../../core/relative-time';
import type { AppNotification } from '../../../core/social-api';
import { markAllNotificationsRead, markNotificationRead, markShownNotificationsRead } from '../../api/notifications.api';
import { notificationsQuery } from '../../api/notifications.queries';
import { queryKeys } from '../../api/query-keys';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { useToast } from '../../components/toast/use-toast';
import { avatarInitial } from '../account/account-format';
import { useNow } from '../poops/use-now';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { QueryLoading } from '../../components/QueryLoading';
import { Trans, useLingui } from '@lingui/react/macro';
import { notificationText } from './notification-text';

/**
 * /root/notifications: newest first, in pages; each says what happened (who, with their avatar; a
 * comment's first words; the post's title and blurred picture) and opens the post at the comment,
 * the post or the person; 'Mark all as read'. What the list shows is marked read on the server as
 * it shows (the bell clears), while this visit still marks those entries "New".
 */
export function NotificationsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const now = useNow();
  // The words follow the chosen language at once (notificationText reads the active catalog).
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(notificationsQuery());
  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const sent = useRef(new Set<string>());
  const shownKey = items
    .filter((item) => !item.isRead)
    .map((item) => item.id)
    .join(',');

  // Seen is read: each page's unread entries, once, as they show. The list keeps its "New" marks
  // until the next visit; the bell's count comes from the server's answer.
  useEffect(() => {
    const ids = shownKey.split(',').filter((id) => id !== '' && !sent.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) sent.current.add(id);
    markShownNotificationsRead(ids).then(
      (result) => queryClient.setQueryData(queryKeys.unreadCount(), result.unread),
      () => {
        // Offline or refused: they stay unread, and the next visit marks them.
        for (const id of ids) sent.current.delete(id);
      },
    );
  }, [shownKey, queryClient]);

  const refresh = (unread: number) => {
    queryClient.setQueryData(queryKeys.unreadCount(), unread);
    void queryClient.invalidateQueries({ queryKey: queryKeys.notificationList() });
  };

  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) => refresh(result.unread),
    onError: () => toast.error(t`Could not mark them as read. Please try again.`),
  });

  const open = (event: MouseEvent, item: AppNotification) => {
    event.preventDefault();
    if (!item.isRead) {
      markNotificationRead(item.id).then(
        (result) => refresh(result.unread),
        () => {
          // Stays unread; the next visit offers it again.
        },
      );
    }
    void navigate({ href: item.link });
  };

  return (
    <PageContainer>
      <BackHeading
        parent="/root"
        action={
          <Button onClick={() => markAll.mutate()} disabled={markAll.isPending || items.length === 0}>
            <Trans>Mark all as read</Trans>
          </Button>
        }
      >
        <Trans>Notifications</Trans>
      </BackHeading>
      {query.isPending ? (
        <QueryLoading label={t`Loading notifications`} fetchStatus={query.fetchStatus} />
      ) : query.isError && items.length === 0 ? (
        <Typography color="error" role="alert">
          <Trans>Could not load your notifications.</Trans>{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Typography>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">
          <Trans>No notifications yet. Likes, comments and new followers show up here.</Trans>
        </Typography>
      ) : (
        <List aria-label={t`Notifications`}>
          {items.map((item) => (
            <ListItem key={item.id} disablePadding>
              <ListItemButton
                component="a"
                href={item.link}
                onClick={(event: MouseEvent) => open(event, item)}
                selected={!item.isRead}
                aria-current={undefined}
              >
                <ListItemAvatar>
                  {item.kind === 'achievement_earned' ? (
                    // An achievement is the app's news about you: a trophy, not your own avatar.
                    <Avatar sx={{ bgcolor: 'warning.main', color: 'warning.contrastText' }} data-testid="achievement-icon">
                      <TrophyIcon fontSize="small" />
                    </Avatar>
                  ) : (
                    // No actor: a notice from the app itself (a moderator's decision names nobody).
                    <Avatar src={item.actor?.photoURL || undefined} alt="">
                      {item.actor ? avatarInitial(item.actor.username) : <GavelOutlined fontSize="small" />}
                    </Avatar>
                  )}
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <>
                      {notificationText(item)}
                      {!item.isRead && (
                        <Typography component="span" variant="caption" color="primary" sx={{ ml: 1 }}>
                          <Trans>New</Trans>
                        </Typography>
                      )}
                    </>
                  }
                  secondary={
                    <>
                      {item.excerpt && (
                        <Box component="span" sx={{ display: 'block', color: 'text.primary', overflowWrap: 'anywhere' }}>
                          “{item.excerpt}”
                        </Box>
                      )}
                      {item.post && (
                        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                          {item.post.title}
                        </Box>
                      )}
                      <time dateTime={item.createdDate}>{relativeTime(item.createdDate, now, i18n.locale)}</time>
                    </>
                  }
                />
                {/* The post's picture, blurred as the feed shows it until tapped (its placeholder only). */}
                {item.post?.placeholder && (
                  <Box
                    component="img"
                    src={item.post.placeholder}
                    alt=""
                    width={48}
                    height={48}
                    sx={{ flex: 'none', ml: 1, borderRadius: 1, objectFit: 'cover', filter: 'blur(3px)', clipPath: 'inset(0 round 4px)' }}
                  />
                )}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <LoadMoreButton query={query} />
    </PageContainer>
  );
}
