import { useState } from 'react';
import Button from '@mui/material/Button';
import GoogleIcon from '@mui/icons-material/Google';
import { useToast } from '../../components/toast/use-toast';
import { messageForError } from './auth-errors';
import { continueWithGoogle } from './auth-session';

/** Leaves for Google sign-in (or, for a guest, Google linking); the page comes back signed in. */
export function GoogleButton() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await continueWithGoogle();
    } catch (error) {
      toast.error(messageForError(error));
      setBusy(false);
    }
  };

  return (
    <Button variant="outlined" size="large" startIcon={<GoogleIcon />} disabled={busy} onClick={() => void onClick()} fullWidth>
      Continue with Google
    </Button>
  );
}
