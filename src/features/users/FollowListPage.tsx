import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { followListQuery, userQuery } from '../../api/users.queries';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { countLabel } from '../account/account-format';
import { FollowButton } from './FollowButton';
import { UserRow } from './UserRow';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { QueryLoading } from '../../components/QueryLoading';

/** account/followers/{uid} and account/followings/{uid}: who follows them, or whom they follow, in pages. */
export function FollowListPage({ uid, side }: { uid: string; side: 'followers' | 'followings' }) {
  const owner = useQuery(userQuery(uid)).data;
  const query = useInfiniteQuery(followListQuery(uid, side));
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  const title = side === 'followers' ? 'Followers' : 'Following';

  return (
    <PageContainer>
      <BackHeading parent={`/root/user/${encodeURIComponent(uid)}`}>{title}</BackHeading>
      {owner && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {side === 'followers' ? `People who follow ${owner.username}` : `People ${owner.username} follows`}
        </Typography>
      )}
      {query.isPending ? (
        <QueryLoading label={`Loading ${title.toLowerCase()}`} fetchStatus={query.fetchStatus} />
      ) : query.isError && users.length === 0 ? (
        <Typography color="error" role="alert">
          Could not load this list.{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Typography>
      ) : users.length === 0 ? (
        <Typography color="text.secondary">{side === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}</Typography>
      ) : (
        <List aria-label={title}>
          {users.map((user) => (
            <UserRow
              key={user.uid}
              user={user}
              secondary={countLabel(user.followers, 'follower')}
              trailing={<FollowButton user={user} size="small" />}
            />
          ))}
        </List>
      )}
      <LoadMoreButton query={query} />
    </PageContainer>
  );
}
