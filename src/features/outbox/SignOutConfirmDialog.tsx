import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { OUTBOX_MESSAGES } from '../../../core/outbox';

export interface SignOutConfirmDialogProps {
  open: boolean;
  count: number;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Signing out with writes still queued loses them: ask first. */
export function SignOutConfirmDialog({ open, count, onCancel, onConfirm }: SignOutConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="sign-out-pending-title" aria-describedby="sign-out-pending-text">
      <DialogTitle id="sign-out-pending-title">{OUTBOX_MESSAGES.pendingCount(count)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="sign-out-pending-text">
          They are saved on this device and will be sent when you are back online. Signing out deletes them.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button color="error" onClick={onConfirm}>
          Sign out anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
