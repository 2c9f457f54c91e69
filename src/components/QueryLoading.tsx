import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { FetchStatus } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';

/**
 * A read's first load: a spinner. Offline, TanStack Query pauses a read it cannot send
 * (`fetchStatus` 'paused') and would leave the spinner turning until the connection came back;
 * a read with nothing saved on this device says so instead, and loads by itself once back online.
 */
export function QueryLoading({ label, fetchStatus, py = 4 }: { label: string; fetchStatus: FetchStatus; py?: number }) {
  const { t } = useLingui();
  if (fetchStatus === 'paused') {
    return (
      <Alert severity="info" role="status" sx={{ my: 2 }}>
        {t`You are offline, and this is not saved on this device yet. It loads when you are back online.`}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
