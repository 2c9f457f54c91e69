import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OVERVIEW_DEFAULT_DAYS } from '../../../core/constants';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN_TEXT as M, postName, saveToDriveFailed } from './admin-text';
import type { ModerationPoop } from '../../../core/moderation-api';
import { POOP_TYPES, type PoopType } from '../../../core/poop';
import {
  changePoopType,
  getOverview,
  getReviewQueue,
  getUnverified,
  markPoopVerified,
  moderationKeys,
  reviewPoop,
  saveImageToDrive,
} from '../../api/moderation.api';
import { ButtonLink } from '../../components/links';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { toast } from '../../components/toast/use-toast';
import { DayTable, DayTrend, Figure, FigureGrid, LoadError, Loading, usePaged } from './admin-parts';

const isoDay = (date: Date) => {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
};

/** /root/account/admin/type: counts by date range, queue sizes, and the posts waiting for a moderator. */
export function AdminTypePage() {
  const { t } = useLingui();
  const rangeSummary = (count: number, what: 'users' | 'poops') => {
    const { from: first, to: last } = o ?? { from: '', to: '' };
    return what === 'users'
      ? plural(count, { one: `# new user from ${first} to ${last}`, other: `# new users from ${first} to ${last}` })
      : plural(count, { one: `# new poop from ${first} to ${last}`, other: `# new poops from ${first} to ${last}` });
  };
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - (OVERVIEW_DEFAULT_DAYS - 1) * 86_400_000)));
  const overview = useQuery({
    queryKey: moderationKeys.overview(from, to),
    queryFn: ({ signal }) => getOverview(from, to, signal),
    enabled: from !== '' && to !== '' && from <= to,
  });
  const o = overview.data;

  return (
    <PageContainer>
      <BackHeading parent="/root/account">{M.adminTypeTitle}</BackHeading>
      <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
        <ButtonLink to="/root/account/admin/new/type" variant="contained">
          {M.typePickerTitle}
        </ButtonLink>
        <ButtonLink to="/root/account/admin/report" variant="outlined">
          {M.adminReportTitle}
        </ButtonLink>
      </Stack>

      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <TextField
          type="date"
          label={t`From`}
          size="small"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <TextField
          type="date"
          label={t`To`}
          size="small"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      {overview.isError ? (
        <LoadError message={M.overviewFailed} retry={() => void overview.refetch()} />
      ) : !o ? (
        <Loading label={t`Loading the moderation figures`} />
      ) : (
        <>
          <FigureGrid label={t`In the chosen range`}>
            <Figure label={t`New users`} value={o.users} />
            <Figure label={t`New poops`} value={o.poops} />
          </FigureGrid>
          {/* The counts above are the sums of these very days (one answer of the server). */}
          <DayTrend
            title={t`New users per day`}
            days={o.byDay.map((d) => d.day)}
            values={o.byDay.map((d) => d.users)}
            summary={rangeSummary(o.users, 'users')}
          />
          <DayTrend
            title={t`New poops per day`}
            days={o.byDay.map((d) => d.day)}
            values={o.byDay.map((d) => d.poops)}
            summary={rangeSummary(o.poops, 'poops')}
          />
          <DayTable columns={[t`New users`, t`New poops`]} rows={o.byDay.map((d) => [d.day, d.users, d.poops] as const)} />
          <FigureGrid label={t`Now`}>
            <Figure label={t`Users`} value={o.totalUsers} />
            <Figure label={t`Premium users`} value={o.premium} />
            <Figure label={t`Poops`} value={o.totalPoops} />
            <Figure label={t`Unverified`} value={o.unverified} />
            <Figure label={t`Pending`} value={o.pending} />
            <Figure label={t`Flagged by AI`} value={o.flagged} />
            <Figure label={t`Stage 1 queue`} value={o.queues.stage1} />
            <Figure label={t`Stage 2 queue`} value={o.queues.stage2} />
            <Figure label={t`Stage 3 queue`} value={o.queues.stage3} />
          </FigureGrid>
        </>
      )}
      <ReviewSection />
      <UnverifiedSection />
    </PageContainer>
  );
}

/** A pager's name: 'Waiting for a decision: pages'. */
function pagesLabel(list: string): string {
  return t`${list}: pages`;
}

/** The save button's name for one post. */
function saveLabel(post: string): string {
  return t`Save to dataset: ${post}`;
}

function PoopLine({ poop, children }: { poop: ModerationPoop; children: React.ReactNode }) {
  const { t } = useLingui();
  const { aiType } = poop;
  return (
    <ListItem divider sx={{ display: 'block', px: 1 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1, minWidth: 0 }}>
        <Box
          component="img"
          src={poop.image}
          alt={postName(poop)}
          width={64}
          height={64}
          sx={{ objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {poop.type} · {poop.username}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" label={poop.status} />
            {poop.aiFlagged && <Chip size="small" color="warning" label={t`Flagged by AI`} />}
            {poop.aiType && <Chip size="small" variant="outlined" label={t`AI: ${aiType}`} />}
          </Stack>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {children}
      </Stack>
    </ListItem>
  );
}

function ReviewSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const review = useQuery({ queryKey: moderationKeys.review(), queryFn: ({ signal }) => getReviewQueue(signal) });
  const { shown, pager } = usePaged(review.data ?? [], pagesLabel(M.reviewQueueTitle));
  const decide = async (poop: ModerationPoop, decision: 'approve' | 'deny') => {
    try {
      await reviewPoop(poop.id, decision);
      toast.success(decision === 'approve' ? M.approved : M.denied);
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all() });
    } catch {
      toast.error(M.decisionFailed);
    }
  };
  return (
    <Paper component="section" aria-labelledby="review-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="review-heading" component="h2" variant="h6">
        {review.data ? `${M.reviewQueueTitle} (${review.data.length})` : M.reviewQueueTitle}
      </Typography>
      {review.isPending ? (
        <Loading label={t`Loading the posts waiting for a decision`} />
      ) : review.isError ? (
        <LoadError message={M.overviewFailed} retry={() => void review.refetch()} />
      ) : review.data.length === 0 ? (
        <Typography color="text.secondary">{M.reviewQueueEmpty}</Typography>
      ) : (
        <List>
          {shown.map((poop) => (
            <PoopLine key={poop.id} poop={poop}>
              <Button
                size="small"
                variant="contained"
                onClick={() => void decide(poop, 'approve')}
                aria-label={`${M.approve} ${postName(poop)}`}
              >
                {M.approve}
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={() => void decide(poop, 'deny')}
                aria-label={`${M.deny} ${postName(poop)}`}
              >
                {M.deny}
              </Button>
            </PoopLine>
          ))}
        </List>
      )}
      {pager}
    </Paper>
  );
}

function UnverifiedSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const unverified = useQuery({ queryKey: moderationKeys.unverified(), queryFn: ({ signal }) => getUnverified(signal) });
  const { shown, pager } = usePaged(unverified.data ?? [], pagesLabel(M.unverifiedTitle));
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all() });
    } catch {
      toast.error(M.decisionFailed);
    }
  };
  const save = async (poop: ModerationPoop) => {
    try {
      const result = await saveImageToDrive(poop.image, poop.type as PoopType);
      toast.success(result.sink === 'drive' ? M.savedToDrive : M.savedToDataset);
    } catch (error) {
      toast.error(saveToDriveFailed(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <Paper component="section" aria-labelledby="unverified-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="unverified-heading" component="h2" variant="h6">
        {unverified.data ? `${M.unverifiedTitle} (${unverified.data.length})` : M.unverifiedTitle}
      </Typography>
      {unverified.isPending ? (
        <Loading label={t`Loading the posts not verified yet`} />
      ) : unverified.isError ? (
        <LoadError message={M.overviewFailed} retry={() => void unverified.refetch()} />
      ) : unverified.data.length === 0 ? (
        <Typography color="text.secondary">{M.unverifiedEmpty}</Typography>
      ) : (
        <List>
          {shown.map((poop) => (
            <PoopLine key={poop.id} poop={poop}>
              <Button
                size="small"
                onClick={() => void act(() => markPoopVerified(poop.id))}
                aria-label={`${M.markVerified}: ${postName(poop)}`}
              >
                {M.markVerified}
              </Button>
              <TextField
                select
                size="small"
                label={M.changeType}
                value=""
                onChange={(e) => void act(() => changePoopType(poop.id, e.target.value as PoopType))}
                sx={{ minWidth: 140 }}
                slotProps={{ htmlInput: { 'aria-label': `${M.changeType}: ${postName(poop)}` } }}
              >
                {POOP_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              <Button size="small" onClick={() => void save(poop)} aria-label={saveLabel(postName(poop))}>
                <Trans>Save to dataset</Trans>
              </Button>
            </PoopLine>
          ))}
        </List>
      )}
      {pager}
    </Paper>
  );
}
