import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { LEAGUES_INTRO, membersText } from './league-words';
import { QueryLoading } from '../../components/QueryLoading';

function CreateLeagueForm() {
  const { t } = useLingui();
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
        toast.info(t`Your league will be created when you are back online.`);
        return;
      }
      toast.success(t`League created.`);
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
        <Trans>Create league</Trans>
      </Typography>
      <TextField
        label={t`League name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: LEAGUE_NAME_MAX_LENGTH } }}
        helperText={t`Up to ${LEAGUE_MAX_MEMBERS} members`}
        fullWidth
        required
        sx={{ mb: 2 }}
      />
      <Button type="submit" variant="contained" disabled={busy || name.trim() === ''}>
        <Trans>Create league</Trans>
      </Button>
    </Paper>
  );
}

/** /root/leagues: the leagues I am in, and a form to create one. */
export function LeaguesPage() {
  const query = useQuery(leaguesQuery());
  const { i18n, t } = useLingui();
  return (
    <PageContainer>
      <BackHeading parent="/root/leaderboard">
        <Trans>Leagues</Trans>
      </BackHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {i18n._(LEAGUES_INTRO)}
      </Typography>
      <Paper component="section" aria-labelledby="my-leagues-title" sx={{ mb: 3, pt: 2 }}>
        <Typography id="my-leagues-title" component="h2" variant="h6" sx={{ px: 2 }}>
          <Trans>Your leagues</Trans>
        </Typography>
        {query.isPending ? (
          <QueryLoading label={t`Loading your leagues`} py={3} fetchStatus={query.fetchStatus} />
        ) : query.isError ? (
          <Typography color="error" role="alert" sx={{ p: 2 }}>
            <Trans>Could not load your leagues.</Trans>{' '}
            <Button size="small" onClick={() => void query.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Typography>
        ) : query.data.leagues.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            <Trans>You are not in a league yet. Create one and invite your friends.</Trans>
          </Typography>
        ) : (
          <List aria-label={t`Your leagues`}>
            {query.data.leagues.map((league) => (
              <ListItemLink key={league.id} to="/root/league/$id" params={{ id: league.id }}>
                <ListItemText
                  primary={league.name}
                  secondary={[
                    i18n._(membersText(league.memberCount, LEAGUE_MAX_MEMBERS)),
                    league.isOwner && t`Owner`,
                    league.code === '' && t`waiting to be sent`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
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
