import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TrophyIcon from '@mui/icons-material/EmojiEvents';
import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import { ListItemButtonLink } from '../../components/links';
import { useCurrentUser } from '../../state/app.state';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { leagueJoinPath } from '../../../core/league';
import type { LeagueBoardResponse, LeagueBoardRow } from '../../../core/league-api';
import { ApiError } from '../../api/api-error';
import { apiErrorText, isNotFound } from '../../api/error-text';
import { leagueQuery, leaveLeague, removeLeagueMember, rotateLeagueCode } from '../../api/leagues.api';
import { queryKeys } from '../../api/query-keys';
import { BackHeading } from '../../components/BackButton';
import { NotFound } from '../../components/NotFound';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast/use-toast';
import { avatarInitial } from '../account/account-format';
import { ConfirmButton } from './ConfirmButton';
import { lastWinnersText, membersText, timeLeftText, winsText } from './league-words';
import { QueryLoading } from '../../components/QueryLoading';

const failed = (error: unknown) => toast.error(error instanceof ApiError ? apiErrorText(error) : String(error));

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}>
        {value}
      </Box>{' '}
      {label}
    </Typography>
  );
}

/**
 * One member: the whole row opens their profile; the name takes the row's width (two lines where
 * needed, never "mari…"), the counts a compact column; your own row is highlighted and says "You".
 */
function BoardRow({
  row,
  mine,
  ownerView,
  onRemove,
}: {
  row: LeagueBoardRow;
  mine: boolean;
  ownerView: boolean;
  onRemove: (row: LeagueBoardRow) => void;
}) {
  const { i18n, t } = useLingui();
  const { username } = row;
  return (
    <ListItem divider disablePadding sx={mine ? { bgcolor: 'action.selected' } : undefined}>
      <ListItemButtonLink
        to="/root/user/$uid"
        params={{ uid: row.uid }}
        sx={{ flex: '1 1 auto', minWidth: 0, gap: 1, px: 1.5, alignItems: 'center' }}
      >
        <Typography component="span" sx={{ width: 20, flexShrink: 0, fontWeight: 700 }}>
          {row.rank}
        </Typography>
        <Avatar src={row.photoURL || undefined} alt="" sx={{ width: 32, height: 32, flexShrink: 0 }}>
          {avatarInitial(row.username)}
        </Avatar>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography data-testid="league-member-name" sx={{ fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
            {row.username}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {mine && <Chip size="small" color="primary" label={t`You`} />}
            {row.isOwner && <Chip size="small" label={t`Owner`} />}
            {row.wins > 0 && <Chip size="small" color="warning" icon={<TrophyIcon />} label={i18n._(winsText(row.wins))} />}
          </Stack>
        </Box>
        <Box sx={{ flexShrink: 0, textAlign: 'right' }}>
          <Count value={row.daysLogged} label={t`Days logged`} />
          <Count value={row.currentStreak} label={t`Streak`} />
        </Box>
      </ListItemButtonLink>
      {ownerView && !row.isOwner && (
        <ConfirmButton
          question={t`Remove ${username} from the league?`}
          onConfirm={() => onRemove(row)}
          buttonProps={{ size: 'small', color: 'error', 'aria-label': t`Remove ${username}`, sx: { minWidth: 0, px: 0.5 } }}
        >
          <RemoveIcon />
        </ConfirmButton>
      )}
    </ListItem>
  );
}

function Invite({ data }: { data: LeagueBoardResponse }) {
  const { t } = useLingui();
  const { name, code } = data.league;
  const url = new URL(leagueJoinPath(data.league.code), window.location.origin).href;
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    try {
      if (canShare) {
        await navigator.share({ title: data.league.name, text: t`Join my league "${name}" on Plop`, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.success(t`Invite link copied.`);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) failed(error);
    }
  };
  return (
    <Paper component="section" aria-labelledby="invite-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="invite-title" component="h2" variant="h6" gutterBottom>
        <Trans>Invite friends</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        <Trans>
          Code <strong>{code}</strong>
        </Trans>{' '}
        · <span data-testid="invite-link">{url}</span>
      </Typography>
      <Button variant="contained" onClick={() => void share()}>
        {canShare ? <Trans>Share invite link</Trans> : <Trans>Copy invite link</Trans>}
      </Button>
    </Paper>
  );
}

/** /root/league/{id}: this week's board, the invite, owner controls and leaving. */
export function LeaguePage({ id }: { id: string }) {
  const query = useQuery(leagueQuery(id));
  const { i18n, t } = useLingui();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.leagues() });

  if (query.isPending) {
    return (
      <PageContainer>
        <QueryLoading label={t`Loading the league`} fetchStatus={query.fetchStatus} />
      </PageContainer>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFound />;
    return (
      <PageContainer>
        <BackHeading parent="/root/leagues">
          <Trans>Leagues</Trans>
        </BackHeading>
        <Typography color="error" role="alert">
          <Trans>Could not load this league.</Trans>{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Typography>
      </PageContainer>
    );
  }
  const data = query.data;
  const { league } = data;
  const leagueName = league.name;

  const remove = (row: LeagueBoardRow) =>
    removeLeagueMember(id, row.uid).then(() => {
      const { username } = row;
      toast.success(t`${username} was removed.`);
      refresh();
    }, failed);
  const rotate = () =>
    rotateLeagueCode(id).then(() => {
      toast.success(t`New invite code made.`);
      refresh();
    }, failed);
  const leave = () =>
    leaveLeague(id).then(async () => {
      queryClient.removeQueries({ queryKey: queryKeys.league(id) });
      refresh();
      toast.success(t`You left the league.`);
      await navigate({ to: '/root/leagues' });
    }, failed);

  return (
    <PageContainer>
      <BackHeading parent="/root/leagues">
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {league.name}
        </Box>
      </BackHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {i18n._(membersText(league.memberCount, league.maxMembers))}
      </Typography>
      {data.lastWinners && (
        <Chip
          icon={<TrophyIcon />}
          color="warning"
          label={i18n._(lastWinnersText(data.lastWinners.usernames, i18n.locale))}
          sx={{ mb: 2, maxWidth: '100%' }}
        />
      )}
      <Paper component="section" aria-labelledby="board-title" sx={{ mb: 3, pt: 2 }}>
        <Typography id="board-title" component="h2" variant="h6" sx={{ px: 2 }}>
          <Trans>This week</Trans>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
          <span data-testid="league-time-left">{i18n._(timeLeftText(new Date(data.week.end).getTime() - query.dataUpdatedAt))}</span>.{' '}
          <Trans>Ranked by days logged; a tie goes to the longer streak.</Trans>
        </Typography>
        <List aria-label={t`League board`}>
          {data.board.map((row) => (
            <BoardRow key={row.uid} row={row} mine={row.uid === me?.uid} ownerView={league.isOwner} onRemove={(r) => void remove(r)} />
          ))}
        </List>
      </Paper>
      <Invite data={data} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {league.isOwner && (
          <ConfirmButton
            question={t`Make a new invite code? The current link will stop working.`}
            onConfirm={() => void rotate()}
            buttonProps={{ variant: 'outlined' }}
          >
            <Trans>New invite code</Trans>
          </ConfirmButton>
        )}
        <ConfirmButton
          question={t`Leave ${leagueName}? You can join again with an invite link.`}
          onConfirm={() => void leave()}
          buttonProps={{ variant: 'outlined', color: 'error' }}
        >
          <Trans>Leave league</Trans>
        </ConfirmButton>
      </Stack>
    </PageContainer>
  );
}
