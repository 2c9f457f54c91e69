import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import CsvIcon from '@mui/icons-material/TableChartOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import { diaryCsv } from '../../../core/diary-csv';
import { defaultDiaryRange } from '../../../core/diary-figures';
import { personalDay } from '../../../core/personal-day';
import { diaryRangeBounds } from '../../../core/diary-range';
import { cachedDiaryCovering, diaryQuery } from '../../api/diary.queries';
import { markReportMade } from '../../api/leagues.api';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { useAction } from '../../components/toast/use-action';
import { toast } from '../../components/toast/use-toast';
import { useAuthState } from '../../state/app.state';
import { useOnline } from '../connectivity/use-online';
import { messageForError } from '../auth/auth-errors';
import { canShareFiles, downloadFile, reportFileName, reportPhotos, reportTimeZone } from './report-files';
import { reportModel, type ReportModel } from './report-model';
import { ReportView } from './ReportView';
import { csvWords, photosMissingText, reportText } from './report.text';

const PDF_TYPE = 'application/pdf';

/** The PDF, with pdf-lib loaded only now (it stays out of every other screen's code). */
async function pdfFile(model: ReportModel, withPhotos: boolean, range: { from: string; to: string }): Promise<File> {
  const [{ reportPdf }, pictures] = await Promise.all([
    import('./report-pdf'),
    withPhotos ? reportPhotos(model.days) : Promise.resolve({ photos: [], missing: 0 }),
  ]);
  if (pictures.missing > 0) toast.warning(photosMissingText(pictures.missing));
  const bytes = await reportPdf(model, new Date(), pictures.photos);
  return new File([bytes.slice().buffer], reportFileName(range, 'pdf'), { type: PDF_TYPE });
}

/** /root/account/report: the doctor's report over a range of days, on screen, then as PDF and CSV. */
export function DoctorReportPage() {
  useLingui();
  const REPORT_TEXT = reportText();
  const zone = useMemo(() => reportTimeZone(), []);
  const [range, setRange] = useState(() => defaultDiaryRange(personalDay(new Date(), zone)));
  const [withPhotos, setWithPhotos] = useState(false);
  const online = useOnline();
  const client = useQueryClient();
  const valid = diaryRangeBounds(range.from, range.to, zone) !== undefined;
  // No `tz`: each entry on the person's own day (core/personal-day.ts), as on the streak and Activity.
  const query = { ...range };
  const { data, isPending, isFetching, error } = useQuery({
    ...diaryQuery(query),
    enabled: valid,
    placeholderData: () => cachedDiaryCovering(client, query),
  });
  // Worded on each render: it follows the language as soon as that changes.
  const model = valid && data ? reportModel(data.entries, range, zone) : undefined;
  const shareable = useMemo(() => canShareFiles(PDF_TYPE), []);
  const { isAnonymous } = useAuthState();
  // A report handed over (downloaded or shared) counts for the "First report" achievement; guests have none.
  const reportMade = () => {
    if (!isAnonymous) void markReportMade();
  };

  const pdf = useAction(async () => {
    if (!model) return;
    downloadFile(await pdfFile(model, withPhotos, range));
    reportMade();
  });
  const share = useAction(async () => {
    if (!model) return;
    const file = await pdfFile(model, withPhotos, range);
    try {
      await navigator.share({ files: [file], title: REPORT_TEXT.title });
      reportMade();
    } catch (failure) {
      // The user closing the share sheet is not an error.
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) throw failure;
    }
  });
  const csv = () => {
    if (!data) return;
    const text = diaryCsv(
      data.entries.filter((entry) => model?.days.some((day) => day.entryId === entry.id)),
      csvWords(),
    );
    downloadFile(new File([text], reportFileName(range, 'csv'), { type: 'text/csv;charset=utf-8' }));
    reportMade();
  };
  const busy = pdf.busy || share.busy;

  return (
    <PageContainer>
      <BackHeading parent="/root/account">{REPORT_TEXT.title}</BackHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {REPORT_TEXT.intro}
      </Typography>
      <Paper sx={{ p: 2, mb: 3 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField
            type="date"
            label={REPORT_TEXT.from}
            value={range.from}
            onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
            sx={{ flex: '1 1 140px' }}
          />
          <TextField
            type="date"
            label={REPORT_TEXT.to}
            value={range.to}
            onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }}
            sx={{ flex: '1 1 140px' }}
          />
        </Stack>
        {!valid && <FormHelperText error>{REPORT_TEXT.badRange}</FormHelperText>}
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={withPhotos} onChange={(event) => setWithPhotos(event.target.checked)} />}
          label={REPORT_TEXT.includePhotos}
        />
        <FormHelperText sx={{ mt: 0 }}>{REPORT_TEXT.includePhotosHelp}</FormHelperText>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <Button variant="contained" startIcon={<PdfIcon />} disabled={!model || busy} onClick={() => void pdf.run()}>
            {REPORT_TEXT.downloadPdf}
          </Button>
          <Button variant="outlined" startIcon={<CsvIcon />} disabled={!model} onClick={csv}>
            {REPORT_TEXT.downloadCsv}
          </Button>
          {shareable && (
            <Button variant="outlined" startIcon={<ShareIcon />} disabled={!model || busy} onClick={() => void share.run()}>
              {REPORT_TEXT.sharePdf}
            </Button>
          )}
        </Stack>
      </Paper>
      {valid && !model && isPending && (online || isFetching) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={REPORT_TEXT.loading} />
        </Box>
      )}
      {valid && !model && !online && !isFetching && <Alert severity="info">{REPORT_TEXT.offlineNoData}</Alert>}
      {valid && !model && online && error !== null && !isFetching && <Alert severity="error">{messageForError(error)}</Alert>}
      {model && <ReportView model={model} />}
    </PageContainer>
  );
}
