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
import { LEAGUE_TEXTS } from '../../../core/league-messages';
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
            {mine && <Chip size="small" color="primary" label={LEAGUE_TEXTS.you} />}
            {row.isOwner && <Chip size="small" label={LEAGUE_TEXTS.owner} />}
            {row.wins > 0 && <Chip size="small" color="warning" icon={<TrophyIcon />} label={LEAGUE_TEXTS.wins(row.wins)} />}
          </Stack>
        </Box>
        <Box sx={{ flexShrink: 0, textAlign: 'right' }}>
          <Count value={row.daysLogged} label={LEAGUE_TEXTS.daysLogged} />
          <Count value={row.currentStreak} label={LEAGUE_TEXTS.streak} />
        </Box>
      </ListItemButtonLink>
      {ownerView && !row.isOwner && (
        <ConfirmButton
          question={LEAGUE_TEXTS.removeConfirm(row.username)}
          onConfirm={() => onRemove(row)}
          buttonProps={{ size: 'small', color: 'error', 'aria-label': LEAGUE_TEXTS.remove(row.username), sx: { minWidth: 0, px: 0.5 } }}
        >
          <RemoveIcon />
        </ConfirmButton>
      )}
    </ListItem>
  );
}

function Invite({ data }: { data: LeagueBoardResponse }) {
  const url = new URL(leagueJoinPath(data.league.code), window.location.origin).href;
  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    try {
      if (canShare) {
        await navigator.share({ title: data.league.name, text: `Join my league "${data.league.name}" on Plop`, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.success(LEAGUE_TEXTS.copied);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) failed(error);
    }
  };
  return (
    <Paper component="section" aria-labelledby="invite-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="invite-title" component="h2" variant="h6" gutterBottom>
        {LEAGUE_TEXTS.invite}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        Code <strong>{data.league.code}</strong> · <span data-testid="invite-link">{url}</span>
      </Typography>
      <Button variant="contained" onClick={() => void share()}>
        {canShare ? LEAGUE_TEXTS.share : LEAGUE_TEXTS.copy}
      </Button>
    </Paper>
  );
}

/** /root/league/{id}: this week's board, the invite, owner controls and leaving. */
export function LeaguePage({ id }: { id: string }) {
  const query = useQuery(leagueQuery(id));
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.leagues() });

  if (query.isPending) {
    return (
      <PageContainer>
        <QueryLoading label="Loading the league" fetchStatus={query.fetchStatus} />
      </PageContainer>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFound />;
    return (
      <PageContainer>
        <BackHeading parent="/root/leagues">{LEAGUE_TEXTS.leagues}</BackHeading>
        <Typography color="error" role="alert">
          {LEAGUE_TEXTS.loadError}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {LEAGUE_TEXTS.tryAgain}
          </Button>
        </Typography>
      </PageContainer>
    );
  }
  const data = query.data;
  const { league } = data;

  const remove = (row: LeagueBoardRow) =>
    removeLeagueMember(id, row.uid).then(() => {
      toast.success(LEAGUE_TEXTS.removed(row.username));
      refresh();
    }, failed);
  const rotate = () =>
    rotateLeagueCode(id).then(() => {
      toast.success(LEAGUE_TEXTS.rotated);
      refresh();
    }, failed);
  const leave = () =>
    leaveLeague(id).then(async () => {
      queryClient.removeQueries({ queryKey: queryKeys.league(id) });
      refresh();
      toast.success(LEAGUE_TEXTS.left);
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
        {LEAGUE_TEXTS.members(league.memberCount, league.maxMembers)}
      </Typography>
      {data.lastWinners && (
        <Chip
          icon={<TrophyIcon />}
          color="warning"
          label={LEAGUE_TEXTS.lastWinners(data.lastWinners.usernames)}
          sx={{ mb: 2, maxWidth: '100%' }}
        />
      )}
      <Paper component="section" aria-labelledby="board-title" sx={{ mb: 3, pt: 2 }}>
        <Typography id="board-title" component="h2" variant="h6" sx={{ px: 2 }}>
          {LEAGUE_TEXTS.board}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
          <span data-testid="league-time-left">{LEAGUE_TEXTS.timeLeft(new Date(data.week.end).getTime() - query.dataUpdatedAt)}</span>.
          Ranked by days logged; a tie goes to the longer streak.
        </Typography>
        <List aria-label="League board">
          {data.board.map((row) => (
            <BoardRow key={row.uid} row={row} mine={row.uid === me?.uid} ownerView={league.isOwner} onRemove={(r) => void remove(r)} />
          ))}
        </List>
      </Paper>
      <Invite data={data} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {league.isOwner && (
          <ConfirmButton question={LEAGUE_TEXTS.rotateConfirm} onConfirm={() => void rotate()} buttonProps={{ variant: 'outlined' }}>
            {LEAGUE_TEXTS.rotate}
          </ConfirmButton>
        )}
        <ConfirmButton
          question={LEAGUE_TEXTS.leaveConfirm(league.name)}
          onConfirm={() => void leave()}
          buttonProps={{ variant: 'outlined', color: 'error' }}
        >
          {LEAGUE_TEXTS.leave}
        </ConfirmButton>
      </Stack>
    </PageContainer>
  );
}
