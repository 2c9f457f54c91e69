import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { deleteMe } from '../../api/me.api';
import { useToast } from '../../components/toast/use-toast';
import { useAction } from '../../components/toast/use-action';
import { messageForError } from '../auth/auth-errors';
import { forgetDeletedAccount } from '../auth/auth-session';
import { clearUserData } from '../outbox/clear-user-data';
import { unsubscribeOnSignOut } from '../push/push-device';
import { getCurrentUser } from '../../api/me.queries';
import { DELETE_CONFIRM_WORD, isDeleteConfirmed } from './delete-account';

/** Confirms and deletes the account, then signs out on this device and goes to the landing page. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const { run } = useAction(deleteMe);
  // From the press to the landing: the deletion, then this device's sign-out (a few seconds).
  const [busy, setBusy] = useState(false);
  const confirmed = isDeleteConfirmed(typed);

  const close = () => {
    if (busy) return;
    setTyped('');
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed) return;
    // Whose data this device holds, read before the sign-out below forgets the user.
    const uid = getCurrentUser()?.uid ?? null;
    setBusy(true);
    if (!(await run()).ok) {
      setBusy(false);
      return;
    }
    // This device stops receiving pushes for the deleted account (best effort, bounded).
    await unsubscribeOnSignOut();
    try {
      await forgetDeletedAccount();
      // The account is gone: what it queued or saved on this device goes too.
      await clearUserData(uid);
    } catch (error) {
      // The account is gone on the server either way; say so, and still leave.
      toast.error(messageForError(error));
    }
    // The landing says it was deleted (once: no toast as well).
    await navigate({ to: '/', search: { deleted: 1 }, replace: true });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-text"
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="delete-account-title">
          <Trans>Delete your account?</Trans>
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-account-text" sx={{ mb: 2 }}>
            <Trans>Your profile, posts, likes, comments and follows are deleted for good. This cannot be undone.</Trans>
          </DialogContentText>
          {busy && (
            <Box sx={{ mb: 2 }}>
              <Typography id="delete-progress-label" variant="body2" sx={{ mb: 1 }}>
                <Trans>Deleting your account and signing out on this device…</Trans>
              </Typography>
              <LinearProgress aria-labelledby="delete-progress-label" />
            </Box>
          )}
          <TextField
            label={t`Type ${DELETE_CONFIRM_WORD} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoFocus
            autoComplete="off"
            disabled={busy}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={!confirmed || busy}>
            <Trans>Delete forever</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
