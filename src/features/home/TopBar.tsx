import type { ReactElement } from 'react';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import LeaderboardIcon from '@mui/icons-material/LeaderboardOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { isPremium } from '../../../core/user';
import { useCurrentUser } from '../../api/me.queries';
import { useChatUnreadCount } from '../chat/use-chat-live';
import { unreadBadgeLabel } from '../notifications/unread-badge';
import { useUnreadCount } from '../notifications/use-unread-count';

/** Slides its child out while the user scrolls down and back in on scrolling up. */
function HideOnScroll({ children }: { children: ReactElement }) {
  const trigger = useScrollTrigger();
  return (
    <Slide appear={false} direction="down" in={!trigger}>
      {children}
    </Slide>
  );
}

/**
 * A word badge ('New', 'Pro') beside its icon rather than over it: a word is wider than the
 * corner of a 24 px icon, and on top of it hid the icon it labels.
 */
function WordBadge({ icon, word }: { icon: ReactElement; word: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {icon}
      <Box
        component="span"
        aria-hidden
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderRadius: 2,
          px: 0.75,
          fontSize: '0.6875rem',
          fontWeight: 600,
          lineHeight: '18px',
        }}
      >
        {word}
      </Box>
    </Box>
  );
}

/** The home top bar: 'For you' with leaderboard, chat and notification buttons. */
export function TopBar() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const unread = unreadBadgeLabel(useUnreadCount());
  // 'New' until the user has opened the leaderboard once (kept on the account: LeaderboardPage marks it).
  const leaderboardNew = user !== null && !user.leaderboardSeen;
  // Chat's own unread count (messages from others not read yet), apart from the bell's.
  const chatUnread = unreadBadgeLabel(useChatUnreadCount());
  const chatTarget = user !== null && isPremium(user) ? '/root/chat' : '/root/premium';

  return (
    <HideOnScroll>
      {/* Sticky, not fixed: it keeps its place in the page, below whatever heads the screen (the offline note). */}
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar>
          <Typography component="h1" variant="h6" sx={{ flexGrow: 1, fontWeight: 700 }}>
            <Trans>For you</Trans>
          </Typography>
          {/* Each accessible name contains the badge text it shows (WCAG 2.5.3, label in name). */}
          <IconButton
            aria-label={leaderboardNew ? t`Leaderboard New` : t`Leaderboard`}
            onClick={() => void navigate({ to: '/root/leaderboard' })}
            sx={{ borderRadius: 5 }}
          >
            {leaderboardNew ? <WordBadge icon={<LeaderboardIcon />} word={t`New`} /> : <LeaderboardIcon />}
          </IconButton>
          <IconButton
            aria-label={chatUnread === '' ? t`Chat Pro` : t`Chat Pro ${chatUnread} unread`}
            onClick={() => void navigate({ to: chatTarget })}
            sx={{ ml: 0.5, borderRadius: 5 }}
          >
            <WordBadge
              icon={
                <Badge badgeContent={chatUnread} color="error" invisible={chatUnread === ''}>
                  <ChatIcon />
                </Badge>
              }
              word={t`Pro`}
            />
          </IconButton>
          <IconButton
            aria-label={unread === '' ? t`Notifications` : t`Notifications ${unread} unread`}
            onClick={() => void navigate({ to: '/root/notifications' })}
            sx={{ ml: 1.5 }}
          >
            <Badge badgeContent={unread} color="error" invisible={unread === ''}>
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </Toolbar>
      </AppBar>
    </HideOnScroll>
  );
}
