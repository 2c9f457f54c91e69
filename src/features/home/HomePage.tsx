import { PageContainer } from '../../components/PageContainer';
import { FeedEmptyState } from './FeedEmptyState';
import { TopBar } from './TopBar';

/** /root: the top bar and, until the feed is built, its empty state. */
export function HomePage() {
  return (
    <>
      <TopBar />
      <PageContainer>
        <FeedEmptyState />
      </PageContainer>
    </>
  );
}
