import { useState, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { TOAST_DURATION_MS, TOAST_OFFSET_BOTTOM_PX } from '../../../core/constants';
import { dismissToast, type Toast } from '../../state/app.state';

/** One toast on screen: a snackbar that hides itself after TOAST_DURATION_MS, or when closed. */
export function ToastItem({ toast }: { toast: Toast }) {
  const [open, setOpen] = useState(true);
  const close = (_event?: SyntheticEvent | Event, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not hide a message the user has not read yet.
    if (reason !== 'clickaway') setOpen(false);
  };
  // Errors and warnings interrupt a screen reader; the rest wait for a pause.
  const urgent = toast.severity === 'error' || toast.severity === 'warning';
  return (
    <Snackbar
      open={open}
      autoHideDuration={TOAST_DURATION_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{ bottom: { xs: TOAST_OFFSET_BOTTOM_PX, sm: TOAST_OFFSET_BOTTOM_PX } }}
      slotProps={{ transition: { onExited: () => dismissToast(toast.id) } }}
    >
      <Alert
        onClose={close}
        severity={toast.severity}
        variant="filled"
        role={urgent ? 'alert' : 'status'}
        aria-live={urgent ? 'assertive' : 'polite'}
        sx={{ width: '100%' }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
