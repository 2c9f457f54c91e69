import { useState } from 'react';
import Button from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';
import { useToast } from '../../components/toast/use-toast';
import { messageForError } from '../auth/auth-errors';
import { signOut } from '../auth/auth-session';

export function AccountPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const onSignOut = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      toast.error(messageForError(error));
      setBusy(false);
      return;
    }
    await navigate({ to: '/' });
  };

  return (
    <ComingSoon title="Account">
      <Button variant="outlined" sx={{ mt: 3 }} disabled={busy} onClick={() => void onSignOut()}>
        Sign out
      </Button>
    </ComingSoon>
  );
}
