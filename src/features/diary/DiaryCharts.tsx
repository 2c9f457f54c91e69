import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { DIARY_RANGE_MAX_DAYS } from '../../../core/diary-range';
import {
  defaultDiaryRange,
  diaryFigures,
  isDiaryDay,
  rangeDays,
  type BristolBucket,
  type DiaryFigures,
  type DiaryRange,
  type TypeCounts,
} from '../../../core/diary-figures';
import { POOP_TYPES, type PoopType } from '../../../core/poop';
import { personalDay } from '../../../core/personal-day';
import { deviceTimeZone } from '../../lib/device-time-zone';
import { diaryQuery } from '../../api/diary.queries';
import { ButtonLink } from '../../components/links';
import { DIARY_TEXT, WARNING_SIGN_LABELS, percent } from './diary-text';

/** The Bristol chart's groups: hard, usual, loose, off the scale. */
const GROUPS: ReadonlyArray<{ label: string; types: readonly PoopType[] }> = [
  { label: 'Types 1–2 (hard)', types: ['Type 1', 'Type 2'] },
  { label: 'Types 3–5', types: ['Type 3', 'Type 4', 'Type 5'] },
  { label: 'Types 6–7 (loose)', types: ['Type 6', 'Type 7'] },
  { label: 'Other or undecided', types: ['Other', 'Indecise'] },
];

function validRange(range: DiaryRange): boolean {
  if (!isDiaryDay(range.from) || !isDiaryDay(range.to) || range.from > range.to) return false;
  return rangeDays(range).length <= DIARY_RANGE_MAX_DAYS;
}

function bucketLabel(bucket: BristolBucket): string {
  return bucket.from === bucket.to ? bucket.from : `${bucket.from} – ${bucket.to}`;
}

/** 'Type 4 ×2, Type 6 ×1': the types logged, with how often. */
function countsText(counts: TypeCounts): string {
  return POOP_TYPES.filter((type) => counts[type] > 0)
    .map((type) => `${type} ×${counts[type]}`)
    .join(', ');
}

/** A chart and its table side by side when there is room, the table under it on a phone. */
function ChartWithTable({ id, title, chart, table }: { id: string; title: string; chart: ReactNode; table: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} component="h3" variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 2, alignItems: 'start' }}>
        {/* The chart is a picture of the table beside it (its text alternative): nothing in it takes focus. */}
        <Box aria-hidden="true" sx={{ minWidth: 0 }}>
          {chart}
        </Box>
        {/* A long range scrolls inside its box: focusable, so a keyboard can scroll it too. */}
        <Box tabIndex={0} role="region" aria-label={`${title}: table`} sx={{ maxHeight: 320, overflowY: 'auto', minWidth: 0 }}>
          {table}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The Activity screen's health diary (issue 43 part 4): for the range the user picks, the Bristol
 * types over time, movements per day and the warning signs with their dates, each chart beside a
 * table. The figures are core/diary-figures.ts's, the same as the doctor's report.
 */
export function DiaryCharts() {
  // The person's days (core/personal-day.ts): today on this device, each entry on its own day.
  const [range, setRange] = useState<DiaryRange>(() => defaultDiaryRange(personalDay(new Date(), deviceTimeZone())));
  const valid = validRange(range);
  const query = useQuery({ ...diaryQuery({ from: range.from, to: range.to }), enabled: valid });
  const figures = query.data && valid ? diaryFigures(query.data.entries, range) : undefined;
  return (
    <Paper component="section" aria-labelledby="diary-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="diary-heading" component="h2" variant="h6">
        {DIARY_TEXT.chartsTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {DIARY_TEXT.chartsHelp}
      </Typography>
      <ButtonLink to="/root/diary" variant="outlined" sx={{ mb: 2 }}>
        {DIARY_TEXT.diaryOnly}
      </ButtonLink>
      <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            id={`diary-${end}`}
            label={DIARY_TEXT[end]}
            type="date"
            size="small"
            value={range[end]}
            onChange={(event) => setRange((was) => ({ ...was, [end]: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        ))}
      </Stack>
      {!valid && <Alert severity="warning">{DIARY_TEXT.rangeInvalid}</Alert>}
      {valid && query.isPending && <CircularProgress aria-label={DIARY_TEXT.chartsLoading} />}
      {valid && query.isError && <Alert severity="error">{DIARY_TEXT.chartsFailed}</Alert>}
      {figures && <Figures figures={figures} />}
    </Paper>
  );
}

function Figures({ figures }: { figures: DiaryFigures }) {
  const theme = useTheme();
  const palette = [theme.palette.warning.main, theme.palette.success.main, theme.palette.info.main, theme.palette.grey[500]];
  const { bristol, movementsPerDay } = figures;
  const short = (day: string) => day.slice(5);
  return (
    <>
      <Typography role="status" sx={{ mt: 1 }}>
        {figures.entries === 0
          ? DIARY_TEXT.noEntries
          : `${figures.entries} movement${figures.entries === 1 ? '' : 's'} on ${figures.daysWithEntries} of ${figures.days} days; ` +
            `${movementsPerDay.mean.toFixed(1)} a day on average (${movementsPerDay.min}–${movementsPerDay.max}). ` +
            `Types 1–2: ${percent(bristol.hardShare)}, types 6–7: ${percent(bristol.looseShare)}.`}
      </Typography>

      <ChartWithTable
        id="diary-bristol-heading"
        title={DIARY_TEXT.bristolOverTime}
        chart={
          <BarChart
            height={220}
            xAxis={[{ scaleType: 'band', data: bristol.overTime.map((bucket) => short(bucket.from)) }]}
            yAxis={[{ tickMinStep: 1, width: 28 }]}
            series={GROUPS.map((group, i) => ({
              label: group.label,
              stack: 'types',
              color: palette[i],
              data: bristol.overTime.map((bucket) => group.types.reduce((sum, type) => sum + bucket.counts[type], 0)),
            }))}
            slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
            disableKeyboardNavigation
          />
        }
        table={
          <Table size="small" aria-label={DIARY_TEXT.bristolOverTime}>
            <TableHead>
              <TableRow>
                <TableCell>{bristol.bucket === 'day' ? 'Day' : 'Week'}</TableCell>
                <TableCell>Types</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bristol.overTime
                .filter((bucket) => bucket.total > 0)
                .map((bucket) => (
                  <TableRow key={bucket.from}>
                    <TableCell>{bucketLabel(bucket)}</TableCell>
                    <TableCell>{countsText(bucket.counts)}</TableCell>
                  </TableRow>
                ))}
              {bristol.overTime.every((bucket) => bucket.total === 0) && (
                <TableRow>
                  <TableCell colSpan={2}>{DIARY_TEXT.noEntries}</TableCell>
                </TableRow>
              )}
              <TableRow>
                <TableCell>All</TableCell>
                <TableCell>{countsText(bristol.counts) || '–'}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        }
      />

      <ChartWithTable
        id="diary-per-day-heading"
        title={DIARY_TEXT.perDay}
        chart={
          <BarChart
            height={200}
            xAxis={[{ scaleType: 'band', data: figures.perDay.map((day) => short(day.date)) }]}
            yAxis={[{ tickMinStep: 1, width: 28 }]}
            series={[{ label: DIARY_TEXT.perDay, color: theme.palette.primary.main, data: figures.perDay.map((day) => day.count) }]}
            hideLegend
            disableKeyboardNavigation
          />
        }
        table={
          <Table size="small" aria-label={DIARY_TEXT.perDay}>
            <TableHead>
              <TableRow>
                <TableCell>Day</TableCell>
                <TableCell align="right">Movements</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {figures.perDay.map((day) => (
                <TableRow key={day.date}>
                  <TableCell>{day.date}</TableCell>
                  <TableCell align="right">{day.count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        }
      />

      <Box component="section" aria-labelledby="diary-warnings-heading" sx={{ mt: 3 }}>
        <Typography id="diary-warnings-heading" component="h3" variant="subtitle1" gutterBottom>
          {DIARY_TEXT.warnings}
        </Typography>
        {figures.warnings.length === 0 ? (
          <Typography color="text.secondary">{DIARY_TEXT.noWarnings}</Typography>
        ) : (
          <Table size="small" aria-label={DIARY_TEXT.warnings}>
            <TableHead>
              <TableRow>
                <TableCell>Day</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Signs</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {figures.warnings.map((warning) => (
                <TableRow key={warning.entryId}>
                  <TableCell>{warning.date}</TableCell>
                  <TableCell>{warning.type}</TableCell>
                  <TableCell>{warning.signs.map((sign) => WARNING_SIGN_LABELS[sign]).join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Table size="small" aria-label="Other answers" sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>Answer</TableCell>
              <TableCell align="right">Yes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(
              [
                ['Urgency', figures.urgency.yes],
                ['Straining', figures.straining.yes],
                ['Incomplete emptying', figures.incompleteEmptying.yes],
                ['Mucus', figures.mucus.yes],
                ['Laxative or medicine', figures.medicine.yes],
              ] as const
            ).map(([label, yes]) => (
              <TableRow key={label}>
                <TableCell>{label}</TableCell>
                <TableCell align="right">{yes}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell>Pain (mean, highest)</TableCell>
              <TableCell align="right">
                {figures.pain.mean === null ? '–' : `${figures.pain.mean.toFixed(1)}, ${figures.pain.max ?? '–'}`}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
