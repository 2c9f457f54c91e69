import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { LEADERBOARD_TOP_TEXT } from '../../../core/constants';
import type { PublicUser } from '../../../core/social-api';
import { leaderboardsQuery, mostLikedQuery } from '../../api/users.queries';
import { BackHeading } from '../../components/BackButton';
import { ButtonLink, ListItemLink } from '../../components/links';
import LeaguesIcon from '@mui/icons-material/Groups';
import { PageContainer } from '../../components/PageContainer';
import { countLabel } from '../account/account-format';
import { poopTypeLabel } from '../poops/poop-type-labels';
import { UserRow } from '../users/UserRow';

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, display: 'block', lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
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
          Nobody here yet.
        </Typography>
      ) : (
        <List aria-label={title}>
          {users.map((user, index) => (
            <UserRow
              key={user.uid}
              user={user}
              leading={
                <Typography component="span" color="text.secondary" sx={{ width: 32, flexShrink: 0 }}>
                  {index + 1}
                </Typography>
              }
              trailing={<Count value={user[field] ?? 0} label={label} />}
            />
          ))}
        </List>
      )}
    </Paper>
  );
}

function MostLiked() {
  const query = useQuery(mostLikedQuery());
  if (query.isPending) return <CircularProgress aria-label="Loading the most liked posts" />;
  if (query.isError) return <Typography color="error">Could not load the most liked posts.</Typography>;
  if (query.data.length === 0) return <Typography color="text.secondary">No liked posts yet.</Typography>;
  return (
    <List aria-label="Most Liked">
      {query.data.map((poop, index) => (
        <ListItemLink key={poop.id} to="/root/poop/$id" params={{ id: poop.id }}>
          <Typography component="span" color="text.secondary" sx={{ width: 32, flexShrink: 0 }}>
            {index + 1}
          </Typography>
          <ListItemText
            primary={poop.title.trim() || poopTypeLabel(poop.type)}
            secondary={`${poop.username} · ${countLabel(poop.likes, 'like')}`}
          />
        </ListItemLink>
      ))}
    </List>
  );
}

/** /root/leaderboard: best current and longest streaks (50 each), and the most liked posts. */
export function LeaderboardPage() {
  const [tab, setTab] = useState<'streaks' | 'liked'>('streaks');
  const query = useQuery(leaderboardsQuery());

  return (
    <PageContainer>
      <BackHeading parent="/root">Leaderboard</BackHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {`See who's on ${LEADERBOARD_TOP_TEXT} of the leaderboard!`}
      </Typography>
      {/* Leagues (issue 44): weekly boards among friends. */}
      <ButtonLink to="/root/leagues" variant="outlined" startIcon={<LeaguesIcon />} sx={{ mb: 2 }}>
        Leagues with friends
      </ButtonLink>
      <Tabs value={tab} onChange={(_event, value: 'streaks' | 'liked') => setTab(value)} sx={{ mb: 2 }} aria-label="Leaderboards">
        <Tab value="streaks" label="Streaks" id="tab-streaks" aria-controls="panel-streaks" />
        <Tab value="liked" label="Most Liked" id="tab-liked" aria-controls="panel-liked" />
      </Tabs>
      <div role="tabpanel" id="panel-streaks" aria-labelledby="tab-streaks" hidden={tab !== 'streaks'}>
        {tab === 'streaks' &&
          (query.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label="Loading the leaderboard" />
            </Box>
          ) : query.isError ? (
            <Typography color="error" role="alert">
              Could not load the leaderboard.{' '}
              <Button size="small" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Typography>
          ) : (
            <>
              <StreakBoard title="Best Current Streaks" users={query.data.currentStreaks} field="currentStreak" label="Current Streak" />
              <StreakBoard title="Best Longest Streaks" users={query.data.longestStreaks} field="longestStreak" label="Longest Streak" />
            </>
          ))}
      </div>
      <div role="tabpanel" id="panel-liked" aria-labelledby="tab-liked" hidden={tab !== 'liked'}>
        {tab === 'liked' && <MostLiked />}
      </div>
    </PageContainer>
  );
}
