import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNavigate } from '@tanstack/react-router';
import { MESSAGES } from '../../../core/messages';
import { useToast } from '../../components/toast/use-toast';
import { messageForError } from './auth-errors';
import { signInWithEmail } from './auth-session';
import { checkCredentials } from './email-sign-in';

/** E-mail and password: signs in, or creates the account when there is none. */
export function SignInForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkCredentials(email, password);
    if (!check.ok) {
      toast.warning(check.warning);
      return;
    }
    setBusy(true);
    try {
      await signInWithEmail(check.email, check.password);
    } catch (error) {
      toast.error(messageForError(error));
      setBusy(false);
      return;
    }
    toast.success(MESSAGES.loggedIn);
    await navigate({ to: '/root' });
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)} aria-label="Sign in or sign up">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        fullWidth
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        Continue
      </Button>
    </Stack>
  );
}
