import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { followListQuery, userQuery } from '../../api/users.queries';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { FollowButton } from './FollowButton';
import { UserRow } from './UserRow';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { QueryLoading } from '../../components/QueryLoading';

/** account/followers/{uid} and account/followings/{uid}: who follows them, or whom they follow, in pages. */
export function FollowListPage({ uid, side }: { uid: string; side: 'followers' | 'followings' }) {
  const owner = useQuery(userQuery(uid)).data;
  const query = useInfiniteQuery(followListQuery(uid, side));
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  const { t } = useLingui();
  const title = side === 'followers' ? t`Followers` : t`Following`;
  const name = owner?.username ?? '';

  return (
    <PageContainer>
      <BackHeading parent={`/root/user/${encodeURIComponent(uid)}`}>{title}</BackHeading>
      {owner && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {side === 'followers' ? <Trans>People who follow {name}</Trans> : <Trans>People {name} follows</Trans>}
        </Typography>
      )}
      {query.isPending ? (
        <QueryLoading label={side === 'followers' ? t`Loading followers` : t`Loading following`} fetchStatus={query.fetchStatus} />
      ) : query.isError && users.length === 0 ? (
        <Typography color="error" role="alert">
          <Trans>Could not load this list.</Trans>{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Typography>
      ) : users.length === 0 ? (
        <Typography color="text.secondary">
          {side === 'followers' ? <Trans>No followers yet.</Trans> : <Trans>Not following anyone yet.</Trans>}
        </Typography>
      ) : (
        <List aria-label={title}>
          {users.map((user) => (
            <UserRow
              key={user.uid}
              user={user}
              secondary={plural(user.followers, { one: '# follower', other: '# followers' })}
              trailing={<FollowButton user={user} size="small" />}
            />
          ))}
        </List>
      )}
      <LoadMoreButton query={query} />
    </PageContainer>
  );
}
