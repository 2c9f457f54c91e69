import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FrozenIcon from '@mui/icons-material/AcUnit';
import { useQuery } from '@tanstack/react-query';
import { useLingui as useLanguage } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { STREAK_FREEZE_MAX_HELD, STREAK_FREEZE_PRICE_POINTS } from '../../../core/constants';
import { calendarDayLabels, streakCalendar, type StreakCalendarDay } from '../../../core/streak-calendar';
import { STREAK_DAYS_SHOWN, type StreakStatus } from '../../../core/streak-api';
import { getCurrentUser, setCurrentUser } from '../../api/me.queries';
import { isQueued } from '../../api/outbox';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { buyStreakFreeze, streakQuery } from '../../api/streak.api';
import { useAction } from '../../components/toast/use-action';
import { toast } from '../../components/toast/use-toast';
import { VISUALLY_HIDDEN_SX } from '../../components/text-wrap';
import { useOutboxEntries } from '../outbox/use-outbox';
import { STREAK_TEXT } from './streak-text';

const stateText = (state: StreakCalendarDay['state']): string =>
  state === 'posted' ? STREAK_TEXT.posted : state === 'frozen' ? STREAK_TEXT.frozen : STREAK_TEXT.noPost;

function DayCell({ day }: { day: StreakCalendarDay }) {
  const { t, i18n } = useLingui();
  const date = calendarDayLabels(day.day, i18n.locale);
  const { label } = date;
  const state = stateText(day.state);
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        borderRadius: 1,
        py: 0.5,
        textAlign: 'center',
        minWidth: 0,
        // At 320 px a cell is about 30 px wide: the label may be clipped, never widen the page.
        overflow: 'hidden',
        border: 1,
        borderColor: day.state === 'none' ? 'divider' : 'transparent',
        // info.main under white text is too faint in the light theme (4.1:1); info.dark reads at 7:1.
        bgcolor:
          day.state === 'posted'
            ? 'primary.main'
            : day.state === 'frozen'
              ? (theme) => (theme.palette.mode === 'dark' ? theme.palette.info.main : theme.palette.info.dark)
              : 'transparent',
        color: day.state === 'posted' ? 'primary.contrastText' : day.state === 'frozen' ? 'info.contrastText' : 'text.secondary',
      }}
    >
      <Box component="span" sx={VISUALLY_HIDDEN_SX}>{t`${label}: ${state}`}</Box>
      <Typography component="span" aria-hidden sx={{ display: 'block', fontSize: '0.7rem' }}>
        {date.weekday}
      </Typography>
      <Typography component="span" aria-hidden sx={{ display: 'block', fontWeight: 700 }}>
        {date.date}
      </Typography>
      <Typography component="span" aria-hidden sx={{ display: 'block', fontSize: 'clamp(0.5rem, 2.6vw, 0.62rem)', lineHeight: 1.4 }}>
        {day.state === 'frozen' ? STREAK_TEXT.frozen : day.state === 'posted' ? STREAK_TEXT.posted : '·'}
      </Typography>
    </Box>
  );
}

/** Why Buy is off, or null: the most held already (with those waiting offline), or too few points. */
function buyBlocked(status: StreakStatus, waiting: number): string | null {
  if (status.freezesHeld + waiting >= STREAK_FREEZE_MAX_HELD) return STREAK_TEXT.full;
  const points = status.currentPoints - waiting * STREAK_FREEZE_PRICE_POINTS;
  return points < STREAK_FREEZE_PRICE_POINTS ? STREAK_TEXT.short(Math.max(0, points)) : null;
}

/**
 * The account screen's streak (issue 44): the last days posted or kept by a freeze ("Frozen",
 * in words, not only colour), and the streak freeze: how many held, the price, Buy through the
 * outbox (so it works offline and is bought once when it is sent).
 */
export function StreakCard() {
  // The texts below are read from the active catalog: a new language renders them anew.
  useLanguage();
  const query = useQuery(streakQuery());
  const waiting = useOutboxEntries().filter((entry) => entry.kind === 'streak-freeze-buy').length;
  const { busy, run } = useAction(buyStreakFreeze);
  const status = query.data;

  const onBuy = async () => {
    const result = await run();
    if (!result.ok) return;
    if (isQueued(result.value)) {
      toast.info(STREAK_TEXT.queued);
      return;
    }
    queryClient.setQueryData(queryKeys.streak(), result.value);
    // The points changed: the profile's figure comes from the user record.
    const user = getCurrentUser();
    if (user) setCurrentUser({ ...user, points: { ...user.points, currentPoints: result.value.currentPoints } });
    toast.success(STREAK_TEXT.bought);
  };

  const blocked = status ? buyBlocked(status, waiting) : null;
  return (
    <Paper component="section" aria-labelledby="streak-heading" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="streak-heading" component="h2" variant="h6" gutterBottom>
        {STREAK_TEXT.heading}
      </Typography>
      {status === undefined ? (
        <Typography color="text.secondary">{query.isError ? STREAK_TEXT.unavailable : STREAK_TEXT.loading}</Typography>
      ) : (
        <>
          <Box
            component="ol"
            aria-label={STREAK_TEXT.calendarLabel}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: { xs: 0.25, sm: 0.5 }, p: 0, m: 0, mb: 3 }}
          >
            {streakCalendar(new Date(), status.timeZone, status.postedDays, status.frozenDays, STREAK_DAYS_SHOWN).map((day) => (
              <DayCell key={day.day} day={day} />
            ))}
          </Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}>
            <FrozenIcon fontSize="small" aria-hidden />
            {STREAK_TEXT.freezeHeading}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {STREAK_TEXT.freezeHelp}
          </Typography>
          <Typography sx={{ mb: 1 }}>
            {STREAK_TEXT.held(status.freezesHeld)}
            {waiting > 0 && ` (${STREAK_TEXT.waiting(waiting)})`}
          </Typography>
          <Button
            variant="contained"
            disabled={busy || blocked !== null}
            onClick={() => void onBuy()}
            aria-describedby={blocked ? 'streak-freeze-blocked' : undefined}
          >
            {STREAK_TEXT.buy}
          </Button>
          {blocked && (
            <Typography id="streak-freeze-blocked" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {blocked}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
