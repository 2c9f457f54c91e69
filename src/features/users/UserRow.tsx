import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import PremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useLingui } from '@lingui/react/macro';
import type { PublicUser } from '../../../core/social-api';
import { ListItemButtonLink } from '../../components/links';
import { NAME_SX, WHOLE_NAME_SX } from '../../components/text-wrap';
import { avatarInitial } from '../account/account-format';

export interface UserRowProps {
  user: Pick<PublicUser, 'uid' | 'username' | 'photoURL' | 'premium'>;
  /** Under the name, e.g. '12 followers'. */
  secondary?: ReactNode;
  /** At the end of the row, outside the link (e.g. a follow button or a count). */
  trailing?: ReactNode;
  /** Before the avatar, e.g. a rank. */
  leading?: ReactNode;
  /** The whole name, on a second line where needed, never cut short (the boards, issue 64). */
  wholeName?: boolean;
}

/**
 * Where the name is read whole (the boards), the avatar and the row's edges are smaller, so a
 * usual name ('QuietRabbit38') fits on one line at 320 px instead of breaking inside the word.
 */
const COMPACT_AVATAR_SX = { column: { minWidth: 44 }, avatar: { width: 32, height: 32 } } as const;
/** On a phone, a board's name in the list's smaller type: 15 characters fit beside the count at 320 px. */
const BOARD_NAME_SX = { ...WHOLE_NAME_SX, fontSize: { xs: '0.875rem', sm: '1rem' } } as const;

/** One user in a list: avatar, name and premium badge, opening /root/user/{uid}. */
export function UserRow({ user, secondary, trailing, leading, wholeName = false }: UserRowProps) {
  const { t } = useLingui();
  const { username } = user;
  return (
    // The trailing part takes its own width beside the link (not a fixed reserve over it), so a
    // name is cut short only when the row really has no more room.
    <ListItem disablePadding sx={{ alignItems: 'center' }}>
      <ListItemButtonLink
        to="/root/user/$uid"
        params={{ uid: user.uid }}
        sx={{ flex: '1 1 auto', minWidth: 0, ...(wholeName && { px: 1 }) }}
      >
        {leading}
        <ListItemAvatar sx={wholeName ? COMPACT_AVATAR_SX.column : undefined}>
          <Avatar
            src={user.photoURL || undefined}
            alt={user.photoURL ? t`${username}'s avatar` : undefined}
            sx={wholeName ? COMPACT_AVATAR_SX.avatar : undefined}
          >
            {avatarInitial(user.username)}
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={
            <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Box component="span" sx={wholeName ? BOARD_NAME_SX : NAME_SX}>
                {user.username}
              </Box>
              {user.premium && <PremiumIcon color="primary" fontSize="small" titleAccess={t`Premium`} />}
            </Stack>
          }
          secondary={secondary}
          sx={{ minWidth: 0 }}
        />
      </ListItemButtonLink>
      {trailing && <Box sx={{ flexShrink: 0, pl: wholeName ? 0.5 : 1, pr: wholeName ? 1 : 2 }}>{trailing}</Box>}
    </ListItem>
  );
}
