import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '../../api/api-error';
import { apiErrorText } from '../../api/error-text';
import { joinLeague, leagueInviteQuery } from '../../api/leagues.api';
import { isQueued } from '../../api/outbox';
import { queryKeys } from '../../api/query-keys';
import { BackHeading } from '../../components/BackButton';
import { ButtonLink } from '../../components/links';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast/use-toast';
import { LEAGUES_INTRO, membersText } from './league-words';
import { QueryLoading } from '../../components/QueryLoading';

/** /root/league/join/{code}: what the invite opens, and Join (a signed-out visitor signs in first and comes back). */
export function JoinLeaguePage({ code }: { code: string }) {
  const query = useQuery(leagueInviteQuery(code));
  const { i18n, t } = useLingui();
  const name = query.data?.name ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const join = async () => {
    setBusy(true);
    try {
      const result = await joinLeague(code);
      void queryClient.invalidateQueries({ queryKey: queryKeys.leagues() });
      if (isQueued(result)) {
        toast.info(t`You will join the league when you are back online.`);
        await navigate({ to: '/root/leagues' });
        return;
      }
      toast.success(t`You joined the league.`);
      await navigate({ to: '/root/league/$id', params: { id: result.league.id } });
    } catch (error) {
      toast.error(error instanceof ApiError ? apiErrorText(error) : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer>
      <BackHeading parent="/root/leagues">
        <Trans>Leagues</Trans>
      </BackHeading>
      {query.isPending ? (
        <QueryLoading label={t`Loading the invitation`} fetchStatus={query.fetchStatus} />
      ) : query.isError ? (
        <Typography color="error" role="alert">
          {query.error instanceof ApiError ? apiErrorText(query.error) : t`Could not load this league.`}
        </Typography>
      ) : (
        <Paper component="section" aria-labelledby="join-title" sx={{ p: 3 }}>
          <Typography id="join-title" component="h2" variant="h5" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
            <Trans>Join {name}</Trans>
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {i18n._(membersText(query.data.memberCount, query.data.maxMembers))}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {i18n._(LEAGUES_INTRO)}
          </Typography>
          {query.data.isMember ? (
            <>
              <Typography sx={{ mb: 2 }}>
                <Trans>You are already in this league.</Trans>
              </Typography>
              <ButtonLink to="/root/league/$id" params={{ id: query.data.id }} variant="contained">
                <Trans>Open league</Trans>
              </ButtonLink>
            </>
          ) : (
            <Button variant="contained" disabled={busy} onClick={() => void join()}>
              <Trans>Join league</Trans>
            </Button>
          )}
        </Paper>
      )}
    </PageContainer>
  );
}
