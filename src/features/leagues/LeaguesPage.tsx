import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LEAGUE_MAX_MEMBERS, LEAGUE_NAME_MAX_LENGTH } from '../../../core/league';
import type { LeaguesResponse } from '../../../core/league-api';
import { ApiError } from '../../api/api-error';
import { apiErrorText } from '../../api/error-text';
import { createLeague, leaguesQuery } from '../../api/leagues.api';
import { isQueued } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { BackHeading } from '../../components/BackButton';
import { ListItemLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast/use-toast';
import { randomId } from '../../lib/random-id';
import { LEAGUE_TEXTS } from '../../../core/league-messages';
import { QueryLoading } from '../../components/QueryLoading';

function CreateLeagueForm() {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || busy) return;
    setBusy(true);
    const id = randomId();
    try {
      const result = await createLeague(id, trimmed);
      setName('');
      if (isQueued(result)) {
        // Shown at once, marked as waiting; the replay's refetch replaces it with the server's.
        queryClient.setQueryData<LeaguesResponse>(queryKeys.leagues(), (data) => ({
          leagues: [{ id, name: trimmed, memberCount: 1, isOwner: true, code: '' }, ...(data?.leagues ?? [])],
        }));
        toast.info(LEAGUE_TEXTS.createdOffline);
        return;
      }
      toast.success(LEAGUE_TEXTS.created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.leagues() });
      await navigate({ to: '/root/league/$id', params: { id } });
    } catch (error) {
      toast.error(error instanceof ApiError ? apiErrorText(error) : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="form" onSubmit={(e) => void submit(e)} sx={{ p: 2, mb: 3 }} aria-labelledby="create-league-title">
      <Typography id="create-league-title" component="h2" variant="h6" gutterBottom>
        {LEAGUE_TEXTS.create}
      </Typography>
      <TextField
        label={LEAGUE_TEXTS.nameLabel}
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: LEAGUE_NAME_MAX_LENGTH } }}
        helperText={`Up to ${LEAGUE_MAX_MEMBERS} members`}
        fullWidth
        required
        sx={{ mb: 2 }}
      />
      <Button type="submit" variant="contained" disabled={busy || name.trim() === ''}>
        {LEAGUE_TEXTS.create}
      </Button>
    </Paper>
  );
}

/** /root/leagues: the leagues I am in, and a form to create one. */
export function LeaguesPage() {
  const query = useQuery(leaguesQuery());
  return (
    <PageContainer>
      <BackHeading parent="/root/leaderboard">{LEAGUE_TEXTS.leagues}</BackHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {LEAGUE_TEXTS.intro}
      </Typography>
      <Paper component="section" aria-labelledby="my-leagues-title" sx={{ mb: 3, pt: 2 }}>
        <Typography id="my-leagues-title" component="h2" variant="h6" sx={{ px: 2 }}>
          Your leagues
        </Typography>
        {query.isPending ? (
          <QueryLoading label="Loading your leagues" py={3} fetchStatus={query.fetchStatus} />
        ) : query.isError ? (
          <Typography color="error" role="alert" sx={{ p: 2 }}>
            Could not load your leagues.{' '}
            <Button size="small" onClick={() => void query.refetch()}>
              {LEAGUE_TEXTS.tryAgain}
            </Button>
          </Typography>
        ) : query.data.leagues.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {LEAGUE_TEXTS.noLeagues}
          </Typography>
        ) : (
          <List aria-label="Your leagues">
            {query.data.leagues.map((league) => (
              <ListItemLink key={league.id} to="/root/league/$id" params={{ id: league.id }}>
                <ListItemText
                  primary={league.name}
                  secondary={`${LEAGUE_TEXTS.members(league.memberCount, LEAGUE_MAX_MEMBERS)}${league.isOwner ? ` · ${LEAGUE_TEXTS.owner}` : ''}${league.code === '' ? ' · waiting to be sent' : ''}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemLink>
            ))}
          </List>
        )}
      </Paper>
      <CreateLeagueForm />
    </PageContainer>
  );
}
