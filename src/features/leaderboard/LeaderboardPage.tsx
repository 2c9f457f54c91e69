import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Avatar from '@mui/material/Avatar';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { updateMe } from '../../api/me.api';
import { setCurrentUser, useCurrentUser } from '../../api/me.queries';
import type { PublicUser } from '../../../core/social-api';
import { leaderboardsQuery, mostLikedQuery } from '../../api/users.queries';
import { BackHeading } from '../../components/BackButton';
import LeaguesIcon from '@mui/icons-material/Groups';
import { ButtonLink, ListItemButtonLink } from '../../components/links';
import { WHOLE_NAME_SX } from '../../components/text-wrap';
import { PageContainer } from '../../components/PageContainer';
import { avatarInitial } from '../account/account-format';
import { PremiumBadge } from '../chat/PremiumBadge';
import { poopTypeLabel } from '../poops/poop-type-labels';
import { UserRow } from '../users/UserRow';
import { QueryLoading } from '../../components/QueryLoading';

/** The count in a compact column (its label on two short lines), so the name keeps the row's width (issue 64). */
function Count({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ textAlign: 'center', width: 56 }}>
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, display: 'block', lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
        {label}
      </Typography>
    </Box>
  );
}

function Rank({ index }: { index: number }) {
  return (
    <Typography component="span" color="text.secondary" sx={{ width: 24, flexShrink: 0 }}>
      {index + 1}
    </Typography>
  );
}

function StreakBoard({
  title,
  users,
  field,
  label,
}: {
  title: string;
  users: PublicUser[];
  field: 'currentStreak' | 'longestStreak';
  label: string;
}) {
  const id = `board-${field}`;
  return (
    <Paper component="section" aria-labelledby={id} sx={{ mb: 3, pt: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ px: 2 }}>
        {title}
      </Typography>
      {users.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          <Trans>Nobody here yet.</Trans>
        </Typography>
      ) : (
        <List aria-label={title}>
          {users.map((user, index) => (
            <UserRow
              key={user.uid}
              user={user}
              leading={<Rank index={index} />}
              wholeName
              trailing={<Count value={user[field] ?? 0} label={label} />}
            />
          ))}
        </List>
      )}
    </Paper>
  );
}

/**
 * Opening the leaderboard ends the top bar's 'New' badge for good (issue 42): kept on the account
 * (PATCH /api/me), so every device stops showing it; offline, it is marked on a later visit.
 */
function useMarkLeaderboardSeen(): void {
  const user = useCurrentUser();
  const unseen = user !== null && !user.leaderboardSeen;
  const { mutate } = useMutation({
    mutationFn: () => updateMe({ leaderboardSeen: true }),
    onSuccess: (saved) => setCurrentUser(saved),
  });
  useEffect(() => {
    if (unseen) mutate();
  }, [unseen, mutate]);
}

/** The most liked posts, in the same card and rows as the streak boards: rank, author, title, count. */
function MostLiked() {
  const query = useQuery(mostLikedQuery());
  const { t } = useLingui();
  const id = 'board-most-liked';
  return (
    <Paper component="section" aria-labelledby={id} sx={{ mb: 3, pt: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ px: 2 }}>
        <Trans>Most liked</Trans>
      </Typography>
      {query.isPending ? (
        <QueryLoading label={t`Loading the most liked posts`} fetchStatus={query.fetchStatus} />
      ) : query.isError ? (
        <Typography color="error" sx={{ p: 2 }}>
          <Trans>Could not load the most liked posts.</Trans>
        </Typography>
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          <Trans>No liked posts yet.</Trans>
        </Typography>
      ) : (
        <List aria-label={t`Most liked`}>
          {query.data.map(({ username, ...poop }, index) => (
            <ListItem key={poop.id} disablePadding sx={{ alignItems: 'center' }}>
              <ListItemButtonLink to="/root/poop/$id" params={{ id: poop.id }} sx={{ flex: '1 1 auto', minWidth: 0 }}>
                <Rank index={index} />
                <ListItemAvatar>
                  <Avatar src={poop.userPhotoURL || undefined} alt={poop.userPhotoURL ? t`${username}'s avatar` : undefined}>
                    {avatarInitial(username)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={poop.title.trim() || poopTypeLabel(poop.type)}
                  secondary={
                    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
                      <Box component="span" sx={WHOLE_NAME_SX}>
                        {username}
                      </Box>
                      {poop.isUserPremium && <PremiumBadge />}
                    </Box>
                  }
                  slotProps={{ primary: { sx: { overflowWrap: 'break-word' } } }}
                  sx={{ minWidth: 0 }}
                />
              </ListItemButtonLink>
              <Box sx={{ flexShrink: 0, pl: 1, pr: 2 }}>
                <Count value={poop.likes} label={plural(poop.likes, { one: 'Like', other: 'Likes' })} />
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** /root/leaderboard: best current and longest streaks (50 each), and the most liked posts. */
export function LeaderboardPage() {
  const [tab, setTab] = useState<'streaks' | 'liked'>('streaks');
  const query = useQuery(leaderboardsQuery());
  const { t } = useLingui();
  useMarkLeaderboardSeen();

  return (
    <PageContainer>
      <BackHeading parent="/root">
        <Trans>Leaderboard</Trans>
      </BackHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <Trans>See who's on top 100 of the leaderboard!</Trans>
      </Typography>
      {/* Leagues (issue 44): weekly boards among friends. */}
      <ButtonLink to="/root/leagues" variant="outlined" startIcon={<LeaguesIcon />} sx={{ mb: 2 }}>
        <Trans>Leagues with friends</Trans>
      </ButtonLink>
      <Tabs value={tab} onChange={(_event, value: 'streaks' | 'liked') => setTab(value)} sx={{ mb: 2 }} aria-label={t`Leaderboards`}>
        <Tab value="streaks" label={t`Streaks`} id="tab-streaks" aria-controls="panel-streaks" />
        <Tab value="liked" label={t`Most liked`} id="tab-liked" aria-controls="panel-liked" />
      </Tabs>
      <div role="tabpanel" id="panel-streaks" aria-labelledby="tab-streaks" hidden={tab !== 'streaks'}>
        {tab === 'streaks' &&
          (query.isPending ? (
            <QueryLoading label={t`Loading the leaderboard`} fetchStatus={query.fetchStatus} />
          ) : query.isError ? (
            <Typography color="error" role="alert">
              <Trans>Could not load the leaderboard.</Trans>{' '}
              <Button size="small" onClick={() => void query.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </Typography>
          ) : (
            <>
              <StreakBoard
                title={t`Best Current Streaks`}
                users={query.data.currentStreaks}
                field="currentStreak"
                label={t`Current Streak`}
              />
              <StreakBoard
                title={t`Best Longest Streaks`}
                users={query.data.longestStreaks}
                field="longestStreak"
                label={t`Longest Streak`}
              />
            </>
          ))}
      </div>
      <div role="tabpanel" id="panel-liked" aria-labelledby="tab-liked" hidden={tab !== 'liked'}>
        {tab === 'liked' && <MostLiked />}
      </div>
    </PageContainer>
  );
}
