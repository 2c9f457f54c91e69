import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { DateTime } from 'luxon';
import { DATA_EXPORT_LINK_HOURS } from '../../../core/constants';
import type { DataExport } from '../../../core/data-export-api';
import { dataExportQuery, requestDataExport } from '../../api/data-export.api';
import { queryKeys } from '../../api/query-keys';
import { BackHeading } from '../../components/BackButton';
import { PageContainer } from '../../components/PageContainer';
import { messageForError } from '../auth/auth-errors';
import { useOnline } from '../connectivity/use-online';

export const DATA_EXPORT_TEXT = {
  title: 'Download my data',
  contents: `A ZIP file with everything your account holds: your profile, your posts with their health details, your diary entries, comments, likes, follows, the chat messages you sent, your notifications, and your photos at the largest size Plop keeps. It is prepared in the background: we notify you when it is ready, and the download works for ${DATA_EXPORT_LINK_HOURS} hours, for you only.`,
  prepare: 'Prepare my data',
  prepareAgain: 'Prepare it again',
  offline: 'You are offline. Preparing your data needs a connection.',
  pending: 'Preparing your data. We will notify you when it is ready; you can leave this screen.',
  failed: 'We could not prepare your data. Please try again.',
  download: 'Download ZIP',
  loading: 'Loading',
} as const;

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function ReadyExport({ ready }: { ready: DataExport }) {
  const until = ready.expiresAt ? DateTime.fromISO(ready.expiresAt).toLocaleString(DateTime.DATETIME_MED) : '';
  return (
    <Stack spacing={1}>
      <Button variant="contained" startIcon={<DownloadIcon />} href={ready.downloadUrl ?? ''} download>
        {DATA_EXPORT_TEXT.download}
        {ready.size !== null && ` (${sizeText(ready.size)})`}
      </Button>
      <Typography variant="body2" color="text.secondary">
        Ready. The download works until {until}.
      </Typography>
    </Stack>
  );
}

/** /root/account/data: asks for the account's archive, then offers it while it is valid. */
export function DataExportPage() {
  const online = useOnline();
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
      <BackHeading parent="/root/account">{DATA_EXPORT_TEXT.title}</BackHeading>
      <Paper sx={{ p: 2 }}>
        <Typography sx={{ mb: 2 }}>{DATA_EXPORT_TEXT.contents}</Typography>
        {isPending && online && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress aria-label={DATA_EXPORT_TEXT.loading} />
          </Box>
        )}
        {current?.status === 'pending' && (
          <Alert severity="info" icon={<CircularProgress size={18} aria-hidden />} role="status">
            {DATA_EXPORT_TEXT.pending}
          </Alert>
        )}
        {current?.status === 'failed' && <Alert severity="error">{DATA_EXPORT_TEXT.failed}</Alert>}
        {current?.status === 'ready' && <ReadyExport ready={current} />}
        {request.error && <Alert severity="error">{messageForError(request.error)}</Alert>}
        {!online && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {DATA_EXPORT_TEXT.offline}
          </Alert>
        )}
        {canAsk && (
          <Button
            sx={{ mt: 2 }}
            variant={current?.status === 'ready' ? 'text' : 'contained'}
            disabled={!online || request.isPending}
            onClick={() => request.mutate()}
          >
            {current === null ? DATA_EXPORT_TEXT.prepare : DATA_EXPORT_TEXT.prepareAgain}
          </Button>
        )}
      </Paper>
    </PageContainer>
  );
}
