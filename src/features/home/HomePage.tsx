import { lazy, Suspense } from 'react';
import { PageContainer } from '../../components/PageContainer';
import type { User } from '../../../core/user';
import { getCurrentUser } from '../../api/me.queries';
import { getAuthState, useAuthState, useCurrentUser, usePostPayoff, type AuthState } from '../../state/app.state';
import { FeedSkeleton } from '../feed/FeedSkeleton';
import { HomeFeed } from '../feed/HomeFeed';
import { TopBar } from './TopBar';

// Shown once per account: most visits never load it.
const loadWelcome = () => import('../welcome/Welcome').then((m) => ({ default: m.Welcome }));
const Welcome = lazy(loadWelcome);
const PostPayoff = lazy(() => import('../welcome/PostPayoff').then((m) => ({ default: m.PostPayoff })));

/**
 * Whether the home page shows the welcome above the feed: to anyone signed in, a guest trying it
 * first included (issue 64: the tour's Start makes a guest, who met nothing after it), who has not
 * finished or skipped it. A guest who then signs up keeps the same record, so it never shows twice.
 */
function showsWelcome(auth: AuthState, user: User | null): user is User {
  return auth.uid !== null && user !== null && user.welcomedAt === null;
}

/** Starts the welcome's code beside the feed's first page (the route's loader): the feed shows with it, so it need not wait longer. */
export function prefetchWelcome(): void {
  if (showsWelcome(getAuthState(), getCurrentUser())) void loadWelcome();
}

/** /root: the top bar, what the last post earned, a new account's welcome, and the 'For you' feed. */
export function HomePage() {
  const user = useCurrentUser();
  const welcome = showsWelcome(useAuthState(), user);
  const payoff = usePostPayoff();
  return (
    <>
      <TopBar />
      <PageContainer>
        <Suspense fallback={null}>{payoff !== null && <PostPayoff payoff={payoff} />}</Suspense>
        {/* One boundary: the feed shows with the welcome above it, not before it (the card would push it down). */}
        <Suspense fallback={<FeedSkeleton />}>
          {welcome && <Welcome key={user.uid} user={user} />}
          <HomeFeed />
        </Suspense>
      </PageContainer>
    </>
  );
}
