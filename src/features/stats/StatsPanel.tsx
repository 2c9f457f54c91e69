import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import { useQuery } from '@tanstack/react-query';
import { POOP_TYPES } from '../../../core/poop';
import { statsQuery } from '../../api/users.queries';
import { dayRange, postsPerDay, postsPerType, statsSummary, typeRank } from './stats-summary';

const DAY_MS = 86_400_000;

/** A posting calendar: one square per day, darker with more posts; each square names its day and count. */
function PostingCalendar({ perDay }: { perDay: Array<{ day: string; count: number }> }) {
  const theme = useTheme();
  const max = Math.max(1, ...perDay.map((d) => d.count));
  return (
    <Box
      role="img"
      aria-label="Posting calendar"
      sx={{
        display: 'grid',
        gridTemplateRows: 'repeat(7, 12px)',
        gridAutoFlow: 'column',
        gridAutoColumns: '12px',
        gap: '3px',
        overflowX: 'auto',
        py: 1,
      }}
    >
      {perDay.map(({ day, count }) => (
        <Box
          key={day}
          title={`${day}: ${count} post${count === 1 ? '' : 's'}`}
          sx={{
            borderRadius: '2px',
            bgcolor: count === 0 ? theme.palette.action.hover : alpha(theme.palette.primary.main, 0.35 + 0.65 * (count / max)),
          }}
        />
      ))}
    </Box>
  );
}

/**
 * Personal stats (beyond the spec): Bristol types over the last 90 days and a posting calendar,
 * with a summary and a table as their text alternative. Loaded lazily with the chart library.
 */
export function StatsPanel() {
  const query = useQuery(statsQuery());
  if (query.isPending) return <CircularProgress aria-label="Loading your stats" />;
  if (query.isError) return <Typography color="error">Could not load your stats.</Typography>;

  const { posts, since, days } = query.data;
  const start = Date.parse(`${since}T00:00:00Z`);
  const points = posts.map((post, i) => ({
    id: i,
    x: Math.round((Date.parse(`${post.day}T00:00:00Z`) - start) / DAY_MS),
    y: typeRank(post.type),
  }));
  const range = dayRange(since, days);
  const perType = postsPerType(posts);

  return (
    <Paper component="section" aria-labelledby="stats-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="stats-heading" component="h2" variant="h6">
        Your stats
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {statsSummary(posts, days)}
      </Typography>
      <Box aria-hidden="true">
        <ScatterChart
          height={240}
          series={[
            { label: 'Bristol type', data: points, valueFormatter: (v) => (v ? `${range[v.x] ?? ''}: ${POOP_TYPES[v.y - 1] ?? ''}` : '') },
          ]}
          xAxis={[{ min: 0, max: days - 1, valueFormatter: (v: number) => (range[v] ?? '').slice(5) }]}
          yAxis={[{ min: 1, max: POOP_TYPES.length, tickNumber: POOP_TYPES.length, valueFormatter: (v: number) => String(v) }]}
          hideLegend
          // The chart is a picture of the table below (its text alternative): nothing in it takes focus.
          disableKeyboardNavigation
        />
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
        Posting calendar
      </Typography>
      <PostingCalendar perDay={postsPerDay(posts, since, days)} />
      <Table size="small" aria-label="Posts by type" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>Type</TableCell>
            <TableCell align="right">Posts</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {perType.length === 0 ? (
            <TableRow>
              <TableCell colSpan={2}>No posts yet</TableCell>
            </TableRow>
          ) : (
            perType.map((row) => (
              <TableRow key={row.type}>
                <TableCell>{row.type}</TableCell>
                <TableCell align="right">{row.count}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
