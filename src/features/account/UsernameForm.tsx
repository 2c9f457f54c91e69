import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../../core/user';
import { checkUsername } from '../../../core/username';
import { hasErrorCode, usernameProblemText } from '../../api/error-text';
import { updateMe } from '../../api/me.api';
import { useToast } from '../../components/toast/use-toast';
import { useAction } from '../../components/toast/use-action';
import { setCurrentUser } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';

/** Changes the username: checked here with core's rules, unique on the server (409). */
export function UsernameForm({ user }: { user: User }) {
  const toast = useToast();
  const { t } = useLingui();
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  // A taken name belongs beside the field; anything else is a toast.
  const { busy, run } = useAction(updateMe, {
    onError: (failure: unknown) => {
      if (!hasErrorCode(failure, 'conflict')) return false;
      setError(messageForError(failure));
      return true;
    },
  });

  // Follows the record when it changes elsewhere (another tab, a reload from the server).
  const [recordName, setRecordName] = useState(user.username);
  if (recordName !== user.username) {
    setRecordName(user.username);
    setUsername(user.username);
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkUsername(username);
    if (!check.ok) {
      setError(usernameProblemText(check.problem));
      return;
    }
    if (check.username === user.username) return;
    const result = await run({ username: check.username });
    if (!result.ok) return;
    setCurrentUser(result.value);
    toast.success(t`Username saved.`);
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)} aria-label={t`Change username`}>
      <TextField
        label={t`Username`}
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? `${usernameProblemText('length')} ${usernameProblemText('chars')}`}
        autoComplete="username"
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        fullWidth
      />
      <Button type="submit" variant="contained" disabled={busy || username.trim() === user.username}>
        <Trans>Save username</Trans>
      </Button>
    </Stack>
  );
}
