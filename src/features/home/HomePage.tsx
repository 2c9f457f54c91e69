import { lazy, Suspense } from 'react';
import { PageContainer } from '../../components/PageContainer';
import type { User } from '../../../core/user';
import { useAuthState, useCurrentUser, usePostPayoff, type AuthState } from '../../state/app.state';
import { FeedSkeleton } from '../feed/FeedSkeleton';
import { HomeFeed } from '../feed/HomeFeed';
import { Welcome } from '../welcome/Welcome';
import { TopBar } from './TopBar';

const PostPayoff = lazy(() => import('../welcome/PostPayoff').then((m) => ({ default: m.PostPayoff })));

/**
 * Whether the home page shows the welcome above the feed: to anyone signed in, a guest trying it
 * first included (issue 64: the tour's Start makes a guest, who met nothing after it), who has not
 * finished or skipped it. A guest who then signs up keeps the same record, so it never shows twice.
 */
function showsWelcome(auth: AuthState, user: User | null): user is User {
  return auth.uid !== null && user !== null && user.welcomedAt === null;
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
        {/* The welcome is in the app's first download, not a chunk of its own: a new account's first
            screen, feed and all, waited for that chunk (about 0.2 s of an installed launch at 4x;
            docs/performance.md). The feed shows with it above, never before it (it would push the feed down). */}
        <Suspense fallback={<FeedSkeleton />}>
          {welcome && <Welcome key={user.uid} user={user} />}
          <HomeFeed />
        </Suspense>
      </PageContainer>
    </>
  );
}
