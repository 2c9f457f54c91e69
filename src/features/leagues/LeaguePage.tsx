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
import { NAME_SX } from '../../components/text-wrap';
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

function BoardRow({ row, ownerView, onRemove }: { row: LeagueBoardRow; ownerView: boolean; onRemove: (row: LeagueBoardRow) => void }) {
  return (
    <ListItem divider sx={{ gap: 1, px: 1.5 }}>
      <Typography component="span" sx={{ width: 20, flexShrink: 0, fontWeight: 700 }}>
        {row.rank}
      </Typography>
      <Avatar src={row.photoURL || undefined} alt="" sx={{ width: 32, height: 32 }}>
        {avatarInitial(row.username)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography title={row.username} sx={{ ...NAME_SX, fontWeight: 600 }}>
          {row.username}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {row.isOwner && <Chip size="small" label={LEAGUE_TEXTS.owner} />}
          {row.wins > 0 && <Chip size="small" color="warning" icon={<TrophyIcon />} label={LEAGUE_TEXTS.wins(row.wins)} />}
        </Stack>
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography component="p" sx={{ fontWeight: 700 }}>
          {row.daysLogged}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {LEAGUE_TEXTS.daysLogged}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography component="p" sx={{ fontWeight: 700 }}>
          {row.currentStreak}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {LEAGUE_TEXTS.streak}
        </Typography>
      </Box>
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
          Ranked by days logged; a tie goes to the longer streak.
        </Typography>
        <List aria-label="League board">
          {data.board.map((row) => (
            <BoardRow key={row.uid} row={row} ownerView={league.isOwner} onRemove={(r) => void remove(r)} />
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
