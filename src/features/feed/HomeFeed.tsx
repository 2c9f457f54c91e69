import { startTransition, useEffect, useRef, useState } from 'react';
import { useElementScrollRestoration } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { FeedEmptyState } from '../home/FeedEmptyState';
import { PendingPosts } from '../outbox/PendingPosts';
import { markFirstPostShown } from '../../lib/web-vitals';
import { useNow } from '../poops/use-now';
import { FeedSkeleton } from './FeedSkeleton';
import { PoopCard } from './PoopCard';
import { useFeedLoader } from './use-feed-loader';
import { useLingui } from '@lingui/react/macro';
import { VISUALLY_HIDDEN_SX } from '../../components/text-wrap';

/**
 * The posts the feed's first render shows when no scroll position is to be restored (an app
 * launch): enough to fill a phone's first screen (a card is about as tall as it is wide). The
 * others, however many pages were saved, follow in a render of their own right after, so a launch
 * draws its first post as soon as these are rendered.
 */
export const FIRST_RENDER_POSTS = 2;

/** How far below the screen the next page starts loading, so scrolling rarely waits. */
const PREFETCH_MARGIN = '600px 0px';

/**
 * 'For you': the public posts, newest first, with infinite scroll (a sentinel watched by an
 * IntersectionObserver, and a "Load more" button for keyboards and old browsers), a Refresh
 * button, skeletons, the empty state and errors with "Try again".
 */
export function HomeFeed() {
  const { t } = useLingui();
  const { poops, loaded, hasMore, loading, error, refresh, loadMore, retry } = useFeedLoader();
  // Where the router will put the window back (a reload, a return to the feed): every post must be there for it.
  const restoredScroll = useElementScrollRestoration({ getElement: () => window });
  // Only a first render that has more than the first screen's posts to show (a restored feed) holds the rest back.
  const [firstScreenOnly, setFirstScreenOnly] = useState(() => poops.length > FIRST_RENDER_POSTS && (restoredScroll?.scrollY ?? 0) === 0);
  const shownPoops = firstScreenOnly ? poops.slice(0, FIRST_RENDER_POSTS) : poops;
  const now = useNow();
  const sentinel = useRef<HTMLDivElement>(null);
  // Not before every post is shown: the sentinel under the first screen's posts would ask for the next page.
  const canLoadMore = loaded && hasMore && loading === null && error === null && !firstScreenOnly;
  const showsPosts = poops.length > 0;

  // Once the first render is on screen, the other posts, in a render that input may interrupt.
  useEffect(() => {
    if (firstScreenOnly) startTransition(() => setFirstScreenOnly(false));
  }, [firstScreenOnly]);

  // The installed launch's real-user measure: when the first post is on screen (lib/web-vitals.ts).
  useEffect(() => {
    if (showsPosts) markFirstPostShown();
  }, [showsPosts]);

  useEffect(() => {
    const target = sentinel.current;
    if (!canLoadMore || target === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, loadMore]);

  const reason = error?.message;
  const errorAlert = error && (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {t`Try again`}
        </Button>
      }
    >
      {error.during === 'more' ? t`The next posts did not load. ${reason}` : t`The feed did not load. ${reason}`}
    </Alert>
  );

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <Button size="small" startIcon={<RefreshIcon />} onClick={refresh} disabled={loading === 'first' || loading === 'refresh'}>
          {t`Refresh`}
        </Button>
      </Stack>
      {loading === 'refresh' && <LinearProgress aria-label={t`Refreshing the feed`} sx={{ mb: 2 }} />}
      <PendingPosts />
      {error?.during === 'first' && <Box sx={{ mb: 2 }}>{errorAlert}</Box>}
      {/* A feed read empty stays shown while it is read again (offline, that takes the retries). */}
      {loaded && poops.length === 0 && error === null && <FeedEmptyState />}
      {/* A feed is a list of articles: with none (a new server, or all read empty) it is no feed at all. */}
      <Stack
        role={shownPoops.length > 0 ? 'feed' : undefined}
        aria-label={shownPoops.length > 0 ? t`For you` : undefined}
        aria-busy={loading !== null}
        spacing={2}
      >
        {shownPoops.map((poop, index) => (
          <PoopCard key={poop.id} poop={poop} now={now} position={index + 1} />
        ))}
      </Stack>
      {(loading === 'first' || loading === 'more') && (
        <Box role="status" sx={{ mt: poops.length > 0 ? 2 : 0 }}>
          <Box component="span" sx={VISUALLY_HIDDEN_SX}>
            {t`Loading posts`}
          </Box>
          <FeedSkeleton count={loading === 'first' ? 2 : 1} />
        </Box>
      )}
      {error?.during === 'more' && <Box sx={{ mt: 2 }}>{errorAlert}</Box>}
      <Box ref={sentinel} aria-hidden sx={{ height: 1 }} />
      {canLoadMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={loadMore}>
            {t`Load more`}
          </Button>
        </Box>
      )}
    </Box>
  );
}
