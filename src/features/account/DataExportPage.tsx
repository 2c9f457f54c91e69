import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { DateTime } from 'luxon';
import type { DataExport } from '../../../core/data-export-api';
import { dataExportQuery, requestDataExport } from '../../api/data-export.api';
import { queryKeys } from '../../api/query-keys';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { ApiError } from '../../api/api-error';
import { messageForError } from '../auth/auth-errors';
import { useOnline } from '../connectivity/use-online';
import { DATA_EXPORT_TEXT, exportQueueText, exportTooSoonText } from './data-export-text';

/** "12 kB", "3.4 MB" in the reader's language ("3,4 MB" in Italian). */
function sizeText(bytes: number, locale: string): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
    minimumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));
}

function ReadyExport({ ready }: { ready: DataExport }) {
  const { i18n } = useLingui();
  const until = ready.expiresAt ? DateTime.fromISO(ready.expiresAt).setLocale(i18n.locale).toLocaleString(DateTime.DATETIME_MED) : '';
  return (
    <Stack spacing={1}>
      <Button variant="contained" startIcon={<DownloadIcon />} href={ready.downloadUrl ?? ''} download>
        {i18n._(DATA_EXPORT_TEXT.download)}
        {ready.size !== null && ` (${sizeText(ready.size, i18n.locale)})`}
      </Button>
      <Typography variant="body2" color="text.secondary">
        <Trans>Ready. The download works until {until}.</Trans>
      </Typography>
    </Stack>
  );
}

/** A new archive asked for within the hour: when it can be asked for, in words; else the error's text. */
function requestErrorText(error: Error, current: DataExport | null, i18n: I18n): string {
  if (error instanceof ApiError && error.code === 'export_too_soon' && current !== null) {
    return i18n._(exportTooSoonText(new Date(current.requestedAt), new Date()));
  }
  return messageForError(error);
}

/** /root/account/data: asks for the account's archive, then offers it while it is valid. */
export function DataExportPage() {
  const online = useOnline();
  const { i18n } = useLingui();
  const client = useQueryClient();
  const { data, isPending } = useQuery(dataExportQuery());
  const request = useMutation({
    mutationFn: requestDataExport,
    onSuccess: (answer) => client.setQueryData(queryKeys.dataExport(), answer),
  });
  const current = data?.export ?? null;
  const canAsk = current === null || current.status !== 'pending';
  return (
    <PageContainer>
      <BackHeading parent="/root/account">{i18n._(DATA_EXPORT_TEXT.title)}</BackHeading>
      <Paper sx={{ p: 2 }}>
        <Typography sx={{ mb: 2 }}>{i18n._(DATA_EXPORT_TEXT.contents)}</Typography>
        {isPending && online && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress aria-label={i18n._(DATA_EXPORT_TEXT.loading)} />
          </Box>
        )}
        {current?.status === 'pending' && (
          <Alert severity="info" icon={<CircularProgress size={18} aria-hidden />} role="status">
            {i18n._(DATA_EXPORT_TEXT.pending)}
            {current.queuePosition !== null && current.queuePosition > 1 && ` ${i18n._(exportQueueText(current.queuePosition))}`}
          </Alert>
        )}
        {current?.status === 'failed' && <Alert severity="error">{i18n._(DATA_EXPORT_TEXT.failed)}</Alert>}
        {current?.status === 'ready' && <ReadyExport ready={current} />}
        {request.error && <Alert severity="error">{requestErrorText(request.error, current, i18n)}</Alert>}
        {!online && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {i18n._(DATA_EXPORT_TEXT.offline)}
          </Alert>
        )}
        {canAsk && (
          <Button
            sx={{ mt: 2 }}
            variant={current?.status === 'ready' ? 'text' : 'contained'}
            disabled={!online || request.isPending}
            onClick={() => request.mutate()}
          >
            {i18n._(current === null ? DATA_EXPORT_TEXT.prepare : DATA_EXPORT_TEXT.prepareAgain)}
          </Button>
        )}
      </Paper>
    </PageContainer>
  );
}
