import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ADMIN_TEXT as M } from './admin-text';

/** One labelled figure of a dashboard. */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

export function FigureGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 1, mb: 3 }}
    >
      {children}
    </Box>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export function LoadError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {M.retry}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** Short day for an axis: "11-27" from "2026-11-27" (the data keeps the whole day, so no two collide). */
const shortDay = (day: string) => day.slice(5);

/**
 * One figure per day as a line over the days given (every day of the range, zero-filled by the
 * server), on its own axis from 0, so a small series is not flattened by a large one.
 */
export function DayTrend({
  title,
  days,
  values,
  summary,
}: {
  title: string;
  days: readonly string[];
  values: readonly number[];
  summary: string;
}) {
  return (
    <Box sx={{ mb: 2, minWidth: 0 }}>
      <Typography component="p" variant="subtitle2">
        {title}
      </Typography>
      <Box role="img" aria-label={`${title}: ${summary}`} sx={{ width: '100%', minWidth: 0 }}>
        <LineChart
          height={170}
          margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
          xAxis={[{ scaleType: 'point', data: [...days], valueFormatter: shortDay }]}
          // From 0 to at least 1: a series of zeros lies on the axis, not in the middle of an empty range.
          yAxis={[{ min: 0, max: Math.max(1, ...values), tickMinStep: 1, width: 36 }]}
          series={[{ data: [...values], label: title, showMark: days.length <= 31 }]}
          hideLegend
        />
      </Box>
    </Box>
  );
}

/** The figures of a chart as a table, collapsed under a button with the number of days. */
export function DayTable({ columns, rows }: { columns: readonly string[]; rows: ReadonlyArray<readonly [string, ...number[]]> }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { figuresByDay } = M;
  return (
    <Box sx={{ mb: 3 }}>
      <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen((on) => !on)}>
        {plural(rows.length, { one: `${figuresByDay} (# day)`, other: `${figuresByDay} (# days)` })}
      </Button>
      {open && (
        <Table id={id} size="small" aria-label={M.figuresByDay}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                <Trans>Day</Trans>
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column} component="th" scope="col" align="right">
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(([day, ...values]) => (
              <TableRow key={day}>
                <TableCell component="th" scope="row">
                  {day}
                </TableCell>
                {values.map((value, index) => (
                  <TableCell key={columns[index]} align="right">
                    {value}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** Items shown a page at a time. */
const ADMIN_PAGE_SIZE = 10;

/** A long list, a page at a time: the page's items and the pager (nothing when one page holds them all). */
export function usePaged<T>(items: readonly T[], label: string): { shown: readonly T[]; pager: ReactNode } {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / ADMIN_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = items.slice((current - 1) * ADMIN_PAGE_SIZE, current * ADMIN_PAGE_SIZE);
  const pager =
    pages > 1 ? (
      <Pagination
        count={pages}
        page={current}
        onChange={(_, next) => setPage(next)}
        size="small"
        siblingCount={0}
        aria-label={label}
        sx={{ mt: 1, '& ul': { justifyContent: 'center' } }}
      />
    ) : null;
  return { shown, pager };
}
