import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PremiumIcon from '@mui/icons-material/WorkspacePremium';
import { relativeTime } from '../../../core/relative-time';
import { WHOLE_NAME_SX } from '../../components/text-wrap';
import { avatarInitial } from '../account/account-format';
import { TextLink } from './TextLink';
import { useLingui } from '@lingui/react/macro';

export interface PoopBylineProps {
  uid: string;
  username: string;
  photoURL: string;
  isPremium: boolean;
  /** ISO date of the post or comment. */
  date: string;
  now: Date;
  size?: 'small' | 'medium';
}

/** Who posted (avatar, username linking to their profile, premium badge) and how long ago. */
export function PoopByline({ uid, username, photoURL, isPremium, date, now, size = 'medium' }: PoopBylineProps) {
  const { i18n, t } = useLingui();
  const avatarSize = size === 'small' ? 32 : 40;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar
        src={photoURL || undefined}
        alt={photoURL ? t`${username}'s avatar` : undefined}
        sx={{ width: avatarSize, height: avatarSize }}
      >
        {avatarInitial(username)}
      </Avatar>
      {/* The name gets the row's width and a second line where needed, never '…' (issue 64). */}
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <TextLink to="/root/user/$uid" params={{ uid }} underline="hover" color="text.primary" sx={{ fontWeight: 600, ...WHOLE_NAME_SX }}>
            {username}
          </TextLink>
          {isPremium && <PremiumIcon color="primary" fontSize="small" titleAccess={t`Premium`} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" component="time" dateTime={date} sx={{ display: 'block' }}>
          {relativeTime(date, now, i18n.locale)}
        </Typography>
      </Box>
    </Stack>
  );
}
