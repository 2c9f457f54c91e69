import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { pendingCountTitle } from './outbox-texts';

export interface SignOutConfirmDialogProps {
  open: boolean;
  count: number;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Signing out with writes still queued loses them: ask first. */
export function SignOutConfirmDialog({ open, count, onCancel, onConfirm }: SignOutConfirmDialogProps) {
  // Worded again when the language changes.
  useLingui();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="sign-out-pending-title" aria-describedby="sign-out-pending-text">
      <DialogTitle id="sign-out-pending-title">{pendingCountTitle(count)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="sign-out-pending-text">
          <Trans>They are saved on this device and will be sent when you are back online. Signing out deletes them.</Trans>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="error" onClick={onConfirm}>
          <Trans>Sign out anyway</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
