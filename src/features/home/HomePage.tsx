import { PageContainer } from '../../components/PageContainer';
import { HomeFeed } from '../feed/HomeFeed';
import { OfflineNote } from '../outbox/OfflineNote';
import { TopBar } from './TopBar';

/** /root: the top bar, the offline note below it (the layout's would be under the fixed bar), and the 'For you' feed. */
export function HomePage() {
  return (
    <>
      <TopBar />
      <OfflineNote />
      <PageContainer>
        <HomeFeed />
      </PageContainer>
    </>
  );
}
