import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PremiumIcon from '@mui/icons-material/WorkspacePremium';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { overlayCount } from '../../../core/outbox';
import { ApiError } from '../../api/api-error';
import { userQuery } from '../../api/users.queries';
import { BackButton } from '../../components/BackButton';
import { ButtonLink } from '../../components/links';
import { NotFound } from '../../components/NotFound';
import { PageContainer } from '../../components/PageContainer';
import { useAuthState, useCurrentUser } from '../../state/app.state';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import { isPremium } from '../../../core/user';
import { avatarInitial } from '../account/account-format';
import { PendingPosts } from '../outbox/PendingPosts';
import { usePendingToggle } from '../outbox/use-outbox';
import { LazyStatsPanel } from '../stats/LazyStatsPanel';
import { FollowButton } from './FollowButton';
import { UserPoopGrid } from './UserPoopGrid';
import { ProfileStat } from '../../components/ProfileStat';
import { NAME_SX } from '../../components/text-wrap';
import { AchievementsSection } from '../leagues/AchievementsSection';
import LeaguesIcon from '@mui/icons-material/Groups';
import { QueryLoading } from '../../components/QueryLoading';

/** /root/user/{uid}: a user's profile, follow button, streaks and public posts. Your own uid shows yours. */
export function UserPage({ uid }: { uid: string }) {
  const auth = useAuthState();
  const { t } = useLingui();
  const me = useCurrentUser();
  const query = useQuery(userQuery(uid));
  const user = query.data;
  const own = auth.uid === uid;
  // A follow or unfollow still in the outbox counts in the followers shown.
  const pendingFollow = usePendingToggle(uid, 'follow', 'unfollow');

  if (query.isPending) {
    return (
      <PageContainer>
        <QueryLoading label={t`Loading the profile`} fetchStatus={query.fetchStatus} />
      </PageContainer>
    );
  }
  if (!user) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <PageContainer>
        <Typography color="error" role="alert">
          <Trans>Could not load this profile.</Trans>{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Typography>
      </PageContainer>
    );
  }

  const { username } = user;
  const followers = overlayCount(user.followers, user.isFollowing, pendingFollow).count;
  return (
    <PageContainer>
      <BackButton parent="/root" />
      <Paper component="section" aria-label={own ? t`Your profile` : t`${username}'s profile`} sx={{ p: 3, mb: 3 }}>
        {/* On a phone the name gets the card's whole width, under the avatar: beside it, a generated name lost its end. */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 2 }}>
          <Avatar
            src={user.photoURL || undefined}
            alt={user.photoURL ? t`${username}'s avatar` : undefined}
            sx={{ width: 72, height: 72, fontSize: 32 }}
          >
            {avatarInitial(user.username)}
          </Avatar>
          <Box sx={{ minWidth: 0, maxWidth: '100%', flex: 1 }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700, ...NAME_SX }}>
              {user.username}
            </Typography>
            {user.premium && <Chip icon={<PremiumIcon />} label={t`Premium`} color="primary" size="small" sx={{ mt: 0.5 }} />}
            {/* Under the name, not beside it: a name beside a button showed five letters on a phone. */}
            <Box sx={{ mt: 1 }}>
              {own ? (
                <ButtonLink to="/root/account/edit" variant="outlined" size="small">
                  <Trans>Edit profile</Trans>
                </ButtonLink>
              ) : (
                <FollowButton user={user} />
              )}
            </Box>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <ButtonLink to="/root/account/followers/$uid" params={{ uid }} variant="text">
            {plural(followers, { one: '# follower', other: '# followers' })}
          </ButtonLink>
          <ButtonLink to="/root/account/followings/$uid" params={{ uid }} variant="text">
            {plural(user.followings, { one: '# following', other: '# following' })}
          </ButtonLink>
        </Stack>
        {!own && user.premium && me !== null && isPremium(me) && (
          // Premium chat (issue 25): conversations start from a premium member's profile.
          <ButtonLink to="/root/chat" search={{ with: uid }} variant="outlined" size="small" startIcon={<ChatIcon />} sx={{ mb: 2 }}>
            <Trans>Message</Trans>
          </ButtonLink>
        )}
        <Stack direction="row" spacing={1}>
          <ProfileStat label={t`Current Streak`} value={user.currentStreak} />
          <ProfileStat label={t`Longest Streak`} value={user.longestStreak} />
        </Stack>
        {own && (
          // Leagues (issue 44): from your profile and the leaderboard.
          <ButtonLink to="/root/leagues" variant="outlined" size="small" startIcon={<LeaguesIcon />} sx={{ mt: 2 }}>
            <Trans>Leagues</Trans>
          </ButtonLink>
        )}
      </Paper>
      <AchievementsSection uid={uid} own={own} />
      {own && <LazyStatsPanel />}
      <Typography component="h2" variant="h6" gutterBottom>
        <Trans>Posts</Trans>
      </Typography>
      {own && <PendingPosts />}
      <UserPoopGrid uid={uid} username={user.username} />
    </PageContainer>
  );
}
