import { lazy, Suspense } from 'react';
import { PageContainer } from '../../components/PageContainer';
import { useAuthState, useCurrentUser, usePostPayoff } from '../../state/app.state';
import { hasAccount } from '../auth/use-require-account';
import { FeedSkeleton } from '../feed/FeedSkeleton';
import { HomeFeed } from '../feed/HomeFeed';
import { TopBar } from './TopBar';

// Shown once per account: most visits never load it.
const Welcome = lazy(() => import('../welcome/Welcome').then((m) => ({ default: m.Welcome })));
const PostPayoff = lazy(() => import('../welcome/PostPayoff').then((m) => ({ default: m.PostPayoff })));

/** /root: the top bar, what the last post earned, a new account's welcome, and the 'For you' feed. */
export function HomePage() {
  const user = useCurrentUser();
  // Guests ("Try it first") get it once they sign up.
  const member = hasAccount(useAuthState());
  const payoff = usePostPayoff();
  return (
    <>
      <TopBar />
      <PageContainer>
        <Suspense fallback={null}>{payoff !== null && <PostPayoff payoff={payoff} />}</Suspense>
        {/* One boundary: the feed shows with the welcome above it, not before it (the card would push it down). */}
        <Suspense fallback={<FeedSkeleton />}>
          {member && user !== null && user.welcomedAt === null && <Welcome key={user.uid} user={user} />}
          <HomeFeed />
        </Suspense>
      </PageContainer>
    </>
  );
}
