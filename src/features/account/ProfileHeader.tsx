import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PremiumIcon from '@mui/icons-material/WorkspacePremium';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { isPremium, type User } from '../../../core/user';
import { ButtonLink } from '../../components/links';
import { avatarInitial } from './account-format';
import { ProfileStat } from '../../components/ProfileStat';
import { NAME_SX } from '../../components/text-wrap';

/** The signed-in user's own profile: avatar, name, premium badge, follows, points and streaks. */
export function ProfileHeader({ user }: { user: User }) {
  const { t } = useLingui();
  const { username } = user;
  return (
    <Paper component="section" aria-label={t`Your profile`} sx={{ p: 3, mb: 3 }}>
      {/* On a phone the name gets the card's whole width, under the avatar (as on the user page). */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 2 }}>
        <Avatar
          src={user.photoURL || undefined}
          alt={user.photoURL ? t`${username}'s avatar` : undefined}
          sx={{ width: 72, height: 72, fontSize: 32 }}
        >
          {avatarInitial(user.username)}
        </Avatar>
        <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700, ...NAME_SX }}>
            {user.username}
          </Typography>
          {isPremium(user) && <Chip icon={<PremiumIcon />} label={t`Premium`} color="primary" size="small" sx={{ mt: 0.5 }} />}
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <ButtonLink to="/root/account/followers/$uid" params={{ uid: user.uid }} variant="text">
          {plural(user.followers, { one: '# follower', other: '# followers' })}
        </ButtonLink>
        <ButtonLink to="/root/account/followings/$uid" params={{ uid: user.uid }} variant="text">
          {plural(user.followings, { one: '# following', other: '# following' })}
        </ButtonLink>
      </Stack>
      <Stack direction="row" spacing={1}>
        <ProfileStat label={t`Points`} value={user.points.currentPoints} />
        <ProfileStat label={t`Current Streak`} value={user.currentStreak} />
        <ProfileStat label={t`Longest Streak`} value={user.longestStreak} />
      </Stack>
    </Paper>
  );
}
