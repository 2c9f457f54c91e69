import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { POOP_TYPES } from '../../../core/poop';
import { statsQuery } from '../../api/users.queries';
import { formatDiaryDay, formatDiaryDayShort } from '../diary/diary-insights';
import { poopTypeName } from '../poops/poop-type-labels';
import { QueryLoading } from '../../components/QueryLoading';
import { calendarLayout, dayRange, postsPerDay, postsPerType, statsSummary, typeRank } from './stats-summary';

const DAY_MS = 86_400_000;

/** A type's place on the chart's axis (1-9), named as everywhere else ('Type 4', 'Undecided'). */
function typeTick(rank: number): string {
  const type = POOP_TYPES[rank - 1];
  return type ? poopTypeName(type) : '';
}

/** The weekday rows that carry a label (Sunday is row 0), as GitHub's calendar does: Mon, Wed, Fri in the reader's language. */
const WEEKDAY_ROWS = [1, 3, 5] as const;
/** A weekday's short name ('Mon', 'lun'): 4 January 2026 was a Sunday. */
const weekdayName = (row: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + row));
const CELL_PX = 12;

/**
 * A posting calendar: a column per week, a row per weekday (Mon, Wed, Fri named), the months
 * named over their weeks; one square per day, darker with more posts, each naming its day and count.
 */
function PostingCalendar({ perDay }: { perDay: Array<{ day: string; count: number }> }) {
  const theme = useTheme();
  const { t, i18n } = useLingui();
  const max = Math.max(1, ...perDay.map((d) => d.count));
  const { cells, weeks, months } = calendarLayout(perDay);
  const label = { fontSize: '0.625rem', lineHeight: `${CELL_PX}px`, color: 'text.secondary', whiteSpace: 'nowrap' } as const;
  return (
    <Box sx={{ overflowX: 'auto', py: 1 }}>
      <Box
        role="img"
        aria-label={t`Posting calendar`}
        sx={{
          display: 'grid',
          gridTemplateColumns: `auto repeat(${weeks}, ${CELL_PX}px)`,
          gridTemplateRows: `${CELL_PX}px repeat(7, ${CELL_PX}px)`,
          gap: '3px',
          width: 'max-content',
        }}
      >
        {months.map(({ week, label: month }) => (
          <Box key={`${week}-${month}`} component="span" sx={{ ...label, gridRow: 1, gridColumn: `${week + 2} / span 3` }}>
            {month}
          </Box>
        ))}
        {WEEKDAY_ROWS.map((row) => (
          <Box key={row} component="span" sx={{ ...label, gridRow: row + 2, gridColumn: 1, pr: 0.5 }}>
            {weekdayName(row, i18n.locale)}
          </Box>
        ))}
        {cells.map(({ day, count, week, weekday }) => (
          <Box
            key={day}
            title={plural(count, { one: `${day}: # post`, other: `${day}: # posts` })}
            sx={{
              gridRow: weekday + 2,
              gridColumn: week + 2,
              borderRadius: '2px',
              bgcolor: count === 0 ? theme.palette.action.hover : alpha(theme.palette.primary.main, 0.35 + 0.65 * (count / max)),
            }}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * Personal stats (beyond the spec): Bristol types over the last 90 days and a posting calendar,
 * with a summary and a table as their text alternative. Loaded lazily with the chart library.
 */
export function StatsPanel() {
  const theme = useTheme();
  const { t, i18n } = useLingui();
  const { locale } = i18n;
  const query = useQuery(statsQuery());
  if (query.isPending) return <QueryLoading label={t`Loading your stats`} fetchStatus={query.fetchStatus} />;
  if (query.isError)
    return (
      <Typography color="error">
        <Trans>Could not load your stats.</Trans>
      </Typography>
    );

  const { posts, since, days } = query.data;
  const start = Date.parse(since);
  const points = posts.map((post, i) => ({
    id: i,
    x: Math.round((Date.parse(post.day) - start) / DAY_MS),
    y: typeRank(post.type),
  }));
  const range = dayRange(since, days);
  const dayText = (day: string | undefined, format: (day: string, locale: string) => string) =>
    day === undefined ? '' : format(day, locale);
  const perType = postsPerType(posts);

  return (
    <Paper component="section" aria-labelledby="stats-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="stats-heading" component="h2" variant="h6">
        <Trans>Your stats</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {statsSummary(posts, days)}
      </Typography>
      <Box aria-hidden="true">
        <ChartsLocalizationProvider localeText={{ noData: t`No data to display` }}>
          <ScatterChart
            height={240}
            series={[
              {
                label: t`Bristol type`,
                data: points,
                // The app's own colour, not the chart library's default blue.
                color: theme.palette.primary.main,
                valueFormatter: (v) => (v ? `${dayText(range[v.x], formatDiaryDay)}: ${typeTick(v.y)}` : ''),
              },
            ]}
            // Days as the diary writes them ('23 Nov'), in the person's language.
            xAxis={[{ min: 0, max: days - 1, valueFormatter: (v: number) => dayText(range[v], formatDiaryDayShort) }]}
            yAxis={[
              {
                min: 1,
                max: POOP_TYPES.length,
                // One tick per type, named as everywhere else ('Type 4', 'Other'), not a bare 1-9.
                tickInterval: POOP_TYPES.map((_, i) => i + 1),
                valueFormatter: typeTick,
                width: 80,
              },
            ]}
            hideLegend
            // The chart is a picture of the table below (its text alternative): nothing in it takes focus.
            disableKeyboardNavigation
          />
        </ChartsLocalizationProvider>
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
        <Trans>Posting calendar</Trans>
      </Typography>
      <PostingCalendar perDay={postsPerDay(posts, since, days)} />
      <Table size="small" aria-label={t`Posts by type`} sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Trans>Type</Trans>
            </TableCell>
            <TableCell align="right">
              <Trans>Posts</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {perType.length === 0 ? (
            <TableRow>
              <TableCell colSpan={2}>
                <Trans>No posts yet</Trans>
              </TableCell>
            </TableRow>
          ) : (
            perType.map((row) => (
              <TableRow key={row.type}>
                <TableCell>{poopTypeName(row.type)}</TableCell>
                <TableCell align="right">{row.count}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
