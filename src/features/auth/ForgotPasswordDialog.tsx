import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Trans, useLingui } from '@lingui/react/macro';
import { messageForError } from './auth-errors';
import { sendPasswordReset } from './auth-session';
import { checkEmail } from './email-sign-in';

type Status = { kind: 'idle' } | { kind: 'sent' } | { kind: 'error'; message: string };

/** "Forgot password?": sends Firebase's reset e-mail and says what happened. */
export function ForgotPasswordDialog({ open, initialEmail, onClose }: { open: boolean; initialEmail: string; onClose: () => void }) {
  const { t } = useLingui();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  // Each opening starts from what the sign-in form holds.
  const reset = () => {
    setEmail(initialEmail);
    setStatus({ kind: 'idle' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkEmail(email);
    if (!check.ok) {
      setStatus({ kind: 'error', message: check.warning });
      return;
    }
    setBusy(true);
    const outcome = await sendPasswordReset(check.email);
    setBusy(false);
    setStatus(outcome === true ? { kind: 'sent' } : { kind: 'error', message: messageForError(outcome, 'sign-in') });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="reset-password-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onEnter: reset } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="reset-password-title">
          <Trans>Reset your password</Trans>
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            <Trans>We will e-mail you a link to choose a new password.</Trans>
          </DialogContentText>
          <TextField
            label={t`Email for the reset link`}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            fullWidth
          />
          {status.kind === 'sent' && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              <Trans>Check your inbox for a link to reset your password.</Trans>
            </Alert>
          )}
          {status.kind === 'error' && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {status.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            <Trans>Send reset link</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
