import { lazy, Suspense, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CommentIcon from '@mui/icons-material/ChatBubbleOutline';
import LikeIcon from '@mui/icons-material/FavoriteBorder';
import PostIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActivityItem } from '../../../core/account-api';
import { relativeTime } from '../../../core/relative-time';
import { activityQuery } from '../../api/me.queries';
import { ListItemLink } from '../../components/links';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { LazyStatsPanel } from '../stats/LazyStatsPanel';
import { LazyDiaryCharts } from '../diary/LazyDiaryCharts';
import { messageForError } from '../auth/auth-errors';
import { usePostPayoff } from '../../state/app.state';
import { activityHeadline, appendActivity } from './activity-text';

const PostPayoff = lazy(() => import('../welcome/PostPayoff').then((m) => ({ default: m.PostPayoff })));

const ICONS = { post: <PostIcon />, like: <LikeIcon />, comment: <CommentIcon /> } as const;

/** /root/account/activity: what the user posted, liked and commented on, newest first. */
export function ActivityPage() {
  const { i18n, t } = useLingui();
  const {
    data,
    isPending,
    isFetching,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    error: failure,
    refetch,
    fetchNextPage,
  } = useInfiniteQuery(activityQuery());
  const items = useMemo(() => (data?.pages ?? []).reduce<ActivityItem[]>((shown, page) => appendActivity(shown, page.items), []), [data]);
  const loaded = data !== undefined;
  const loading = (isPending && isFetching) || isFetchingNextPage;
  const error = failure !== null && !isFetching ? messageForError(failure) : null;
  const nextCursor = hasNextPage ? 'more' : null;
  const retry = () => void (isFetchNextPageError ? fetchNextPage() : refetch());
  const now = new Date();
  // A diary-only entry lands here: its moment (streak day, first entry) shows as a post's does above the feed.
  const payoff = usePostPayoff();
  return (
    <PageContainer>
      <BackHeading parent="/root/account">
        <Trans>Activity</Trans>
      </BackHeading>
      <Suspense fallback={null}>{payoff !== null && <PostPayoff payoff={payoff} />}</Suspense>
      {loaded && items.length === 0 && !error && (
        <Typography color="text.secondary">
          <Trans>No posts, likes or comments yet.</Trans>
        </Typography>
      )}
      {items.length > 0 && (
        <Paper>
          <List aria-label={t`Your activity`}>
            {items.map((item) => (
              <ListItemLink key={`${item.kind}|${item.poopId}|${item.at}|${item.text}`} to="/root/poop/$id" params={{ id: item.poopId }}>
                <ListItemIcon>{ICONS[item.kind]}</ListItemIcon>
                <ListItemText
                  primary={i18n._(activityHeadline(item))}
                  secondary={
                    <>
                      {item.kind === 'comment' && item.text !== '' && (
                        <Box component="span" sx={{ display: 'block', overflowWrap: 'break-word' }}>
                          {item.text}
                        </Box>
                      )}
                      <Box component="time" dateTime={item.at} sx={{ display: 'block' }}>
                        {relativeTime(item.at, now, i18n.locale)}
                      </Box>
                    </>
                  }
                />
              </ListItemLink>
            ))}
          </List>
        </Paper>
      )}
      {error && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={t`Loading your activity`} />
        </Box>
      )}
      {loaded && !loading && !error && nextCursor !== null && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => void fetchNextPage()}>
            <Trans>Load more</Trans>
          </Button>
        </Box>
      )}
      <LazyStatsPanel />
      <LazyDiaryCharts />
    </PageContainer>
  );
}
