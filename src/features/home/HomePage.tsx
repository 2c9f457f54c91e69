import { PageContainer } from '../../components/PageContainer';
import { HomeFeed } from '../feed/HomeFeed';
import { TopBar } from './TopBar';

/** /root: the top bar and the 'For you' feed. */
export function HomePage() {
  return (
    <>
      <TopBar />
      <PageContainer>
        <HomeFeed />
      </PageContainer>
    </>
  );
}
