import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react';
import type { ReportLine, ReportModel } from './report-model';
import { reportText } from './report.text';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Lines({ lines }: { lines: readonly ReportLine[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 2, rowGap: 1 }}>
      {lines.map((line) => (
        <Box key={line.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {line.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {line.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The report as the screen shows it, in the PDF's order: warning signs first. */
export function ReportView({ model }: { model: ReportModel }) {
  useLingui();
  const REPORT_TEXT = reportText();
  const column = REPORT_TEXT.columns;
  const most = Math.max(1, ...model.bristol.map((row) => row.count));
  return (
    <Box component="article" aria-label={REPORT_TEXT.reportLabel}>
      <Typography variant="subtitle1" component="p" sx={{ mb: 2 }}>
        {model.period}
      </Typography>
      <Section title={REPORT_TEXT.warningsTitle}>
        {model.warnings.length === 0 ? (
          <Typography variant="body2">{REPORT_TEXT.noWarnings}</Typography>
        ) : (
          <Alert severity="warning" icon={false} sx={{ p: 0, px: 1 }}>
            <List dense disablePadding aria-label={REPORT_TEXT.warningsTitle}>
              {model.warnings.map((warning, index) => (
                <ListItem key={`${warning.date}|${warning.time}|${index}`} disableGutters>
                  <ListItemText primary={`${warning.date}, ${warning.time}`} secondary={warning.signs} />
                </ListItem>
              ))}
            </List>
          </Alert>
        )}
      </Section>
      <Section title={REPORT_TEXT.summaryTitle}>
        <Lines lines={model.summary} />
      </Section>
      <Section title={REPORT_TEXT.bristolTitle}>
        {/* The chart repeats the table below for the eye; screen readers read the table. */}
        <Box aria-hidden sx={{ mb: 2 }}>
          {model.bristol.map((row) => (
            <Box key={row.type} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Typography variant="caption" sx={{ width: 64, flex: 'none' }}>
                {row.typeName}
              </Typography>
              <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
                <Box sx={{ height: 12, width: `${(row.count / most) * 100}%`, bgcolor: 'primary.main', borderRadius: 0.5 }} />
              </Box>
              <Typography variant="caption" sx={{ width: 24, flex: 'none', textAlign: 'right' }}>
                {row.count}
              </Typography>
            </Box>
          ))}
        </Box>
        <Table size="small" aria-label={REPORT_TEXT.bristolTable}>
          <TableHead>
            <TableRow>
              <TableCell>{column.type}</TableCell>
              <TableCell align="right">{column.movements}</TableCell>
              <TableCell align="right">{column.share}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {model.bristol.map((row) => (
              <TableRow key={row.type}>
                <TableCell>{row.typeName}</TableCell>
                <TableCell align="right">{row.count}</TableCell>
                <TableCell align="right">{row.share}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Box sx={{ mt: 2 }}>
          <Lines lines={model.shares} />
        </Box>
      </Section>
      <Section title={REPORT_TEXT.symptomsTitle}>
        <Lines lines={model.symptoms} />
      </Section>
      <Section title={REPORT_TEXT.daysTitle}>
        {model.days.length === 0 ? (
          <Typography variant="body2">{REPORT_TEXT.noEntries}</Typography>
        ) : (
          <Table size="small" aria-label={REPORT_TEXT.daysTable} sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '34%' }}>{column.when}</TableCell>
                <TableCell sx={{ width: '22%' }}>{column.type}</TableCell>
                <TableCell>{column.details}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {model.days.map((day) => (
                <TableRow key={day.entryId}>
                  <TableCell>
                    {day.date}
                    <br />
                    {day.time}
                  </TableCell>
                  <TableCell>{day.typeName}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {day.signs && (
                      <Typography variant="body2" color="error" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                        {day.signs}
                      </Typography>
                    )}
                    {day.answers && (
                      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                        {day.answers}
                      </Typography>
                    )}
                    {day.note && (
                      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
                        {day.note}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {REPORT_TEXT.disclaimer}
      </Typography>
    </Box>
  );
}
