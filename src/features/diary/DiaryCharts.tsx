import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useLingui as useLanguage } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { defaultDiaryRange, diaryFigures, type BristolBucket, type DiaryFigures, type TypeCounts } from '../../../core/diary-figures';
import { POOP_TYPES, type PoopType } from '../../../core/poop';
import { personalDay } from '../../../core/personal-day';
import { deviceTimeZone } from '../../lib/device-time-zone';
import { diaryQuery } from '../../api/diary.queries';
import { ButtonLink } from '../../components/links';
import { DIARY_TEXT, WARNING_SIGN_LABELS } from './diary-text';
import { diaryInsights, formatDiaryDay, formatDiaryDayShort, typeName } from './diary-insights';

/** The Bristol chart's groups: hard, usual, loose, off the scale. */
const groups = (): ReadonlyArray<{ label: string; types: readonly PoopType[] }> => [
  { label: t`Types 1–2 (hard)`, types: ['Type 1', 'Type 2'] },
  { label: t`Types 3–5`, types: ['Type 3', 'Type 4', 'Type 5'] },
  { label: t`Types 6–7 (loose)`, types: ['Type 6', 'Type 7'] },
  { label: t`Other or undecided`, types: ['Other', 'Indecise'] },
];

/** The periods Activity offers, in days up to today (the doctor's report picks any range). */
const PERIODS = [7, 14, 30, 90, 365] as const;

/** A day in the active language. */
const dayText = (day: string) => formatDiaryDay(day, i18n.locale);

/** "2 Nov 2026 to 15 Nov 2026" in the active language. */
function periodText(fromDay: string, toDay: string): string {
  const from = dayText(fromDay);
  const to = dayText(toDay);
  return t`${from} to ${to}`;
}

function bucketLabel(bucket: BristolBucket): string {
  return bucket.from === bucket.to ? dayText(bucket.from) : `${dayText(bucket.from)} – ${dayText(bucket.to)}`;
}

/** 'Type 4 ×2, Type 6 ×1': the types logged, with how often. */
function countsText(counts: TypeCounts): string {
  return POOP_TYPES.filter((type) => counts[type] > 0)
    .map((type) => `${typeName(type)} ×${counts[type]}`)
    .join(', ');
}

/** A chart and its table side by side when there is room, the table under it on a phone. */
function ChartWithTable({ id, title, chart, table }: { id: string; title: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useLingui();
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
        <Box tabIndex={0} role="region" aria-label={t`${title}: table`} sx={{ maxHeight: 320, overflowY: 'auto', minWidth: 0 }}>
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
  // Texts below are read from the active catalog: a new language renders them anew.
  useLanguage();
  // The person's days (core/personal-day.ts): today on this device, each entry on its own day.
  const [period, setPeriod] = useState<number>(14);
  const [today] = useState(() => personalDay(new Date(), deviceTimeZone()));
  const range = defaultDiaryRange(today, period);
  const query = useQuery(diaryQuery({ from: range.from, to: range.to }));
  const figures = query.data ? diaryFigures(query.data.entries, range) : undefined;
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
      <TextField
        id="diary-period"
        select
        label={DIARY_TEXT.period}
        size="small"
        value={period}
        onChange={(event) => setPeriod(Number(event.target.value))}
        helperText={periodText(range.from, range.to)}
        sx={{ mb: 1, minWidth: 200 }}
      >
        {PERIODS.map((days) => (
          <MenuItem key={days} value={days}>
            {DIARY_TEXT.lastDays(days)}
          </MenuItem>
        ))}
      </TextField>
      {query.isPending && <CircularProgress aria-label={DIARY_TEXT.chartsLoading} />}
      {query.isError && <Alert severity="error">{DIARY_TEXT.chartsFailed}</Alert>}
      {figures && <Figures figures={figures} />}
    </Paper>
  );
}

function Figures({ figures }: { figures: DiaryFigures }) {
  const theme = useTheme();
  const palette = [theme.palette.warning.main, theme.palette.success.main, theme.palette.info.main, theme.palette.grey[500]];
  const { bristol } = figures;
  const { locale } = useLanguage().i18n;
  const short = (day: string) => formatDiaryDayShort(day, locale);
  const [everyDay, setEveryDay] = useState(false);
  const shownDays = everyDay ? figures.perDay : figures.perDay.filter((day) => day.count > 0);
  return (
    <>
      <Insights figures={figures} />

      <ChartWithTable
        id="diary-bristol-heading"
        title={DIARY_TEXT.bristolOverTime}
        chart={
          <BarChart
            height={220}
            xAxis={[{ scaleType: 'band', data: bristol.overTime.map((bucket) => short(bucket.from)) }]}
            yAxis={[{ tickMinStep: 1, width: 28 }]}
            series={groups().map((group, i) => ({
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
                <TableCell>{bristol.bucket === 'day' ? <Trans>Day</Trans> : <Trans>Week</Trans>}</TableCell>
                <TableCell>
                  <Trans>Types</Trans>
                </TableCell>
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
                <TableCell>
                  <Trans>All</Trans>
                </TableCell>
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
                <TableCell>
                  <Trans>Day</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Movements</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shownDays.map((day) => (
                <TableRow key={day.date}>
                  <TableCell>{dayText(day.date)}</TableCell>
                  <TableCell align="right">{day.count}</TableCell>
                </TableRow>
              ))}
              {shownDays.length === 0 && (
                <TableRow>
                  <TableCell colSpan={2}>{DIARY_TEXT.noEntries}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        }
      />
      <FormControlLabel
        control={<Switch checked={everyDay} onChange={(event) => setEveryDay(event.target.checked)} />}
        label={DIARY_TEXT.everyDay}
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
                <TableCell>
                  <Trans>Day</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Type</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Signs</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {figures.warnings.map((warning) => (
                <TableRow key={warning.entryId}>
                  <TableCell>{dayText(warning.date)}</TableCell>
                  <TableCell>{typeName(warning.type)}</TableCell>
                  <TableCell>{warning.signs.map((sign) => WARNING_SIGN_LABELS[sign]).join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Table size="small" aria-label={DIARY_TEXT.otherDetails} sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{DIARY_TEXT.detail}</TableCell>
              <TableCell align="right">{DIARY_TEXT.entriesWithIt}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(
              [
                [t`Urgency`, figures.urgency.yes],
                [t`Straining`, figures.straining.yes],
                [t`Incomplete emptying`, figures.incompleteEmptying.yes],
                [t`Mucus`, figures.mucus.yes],
                [t`Laxative or medicine`, figures.medicine.yes],
              ] as const
            ).map(([label, yes]) => (
              <TableRow key={label}>
                <TableCell>{label}</TableCell>
                <TableCell align="right">{yes}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell>
                <Trans>Pain (mean, highest)</Trans>
              </TableCell>
              <TableCell align="right">
                {figures.pain.mean === null
                  ? '–'
                  : `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(figures.pain.mean)}, ${figures.pain.max ?? '–'}`}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </>
  );
}

/** The plain cards the diary leads with (issue 64): days logged, the most common type and its trend, warning signs. */
function Insights({ figures }: { figures: DiaryFigures }) {
  useLanguage();
  const id = useId();
  return (
    <Box
      component="ul"
      aria-label={DIARY_TEXT.insights}
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}
    >
      {diaryInsights(figures).map((insight) => (
        <Paper component="li" key={insight.id} variant="outlined" aria-labelledby={`${id}-${insight.id}`} sx={{ p: 1.5, minWidth: 0 }}>
          <Typography id={`${id}-${insight.id}`} variant="body2" color="text.secondary">
            {insight.title}
          </Typography>
          <Typography variant="h6" component="p">
            {insight.value}
          </Typography>
          <Typography variant="body2">{insight.detail}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
