import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../../core/user';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../../../core/constants';
import { checkUsername, USERNAME_MESSAGES } from '../../../core/username';
import { hasErrorCode } from '../../api/error-text';
import { updateMe } from '../../api/me.api';
import { useToast } from '../../components/toast/use-toast';
import { useAction } from '../../components/toast/use-action';
import { setCurrentUser } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';

/** Core's username rules (core/username.ts) in the reader's language, by the rule broken. */
const USERNAME_TEXT: Record<keyof typeof USERNAME_MESSAGES, MessageDescriptor> = {
  length: msg`Usernames are ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long.`,
  chars: msg`Usernames may use letters, digits, "_" and "." only.`,
  taken: msg`That username is already taken.`,
};

/** Core's message for a broken rule, translated; one it does not know shows as it came. */
function usernameRuleText(message: string, translate: (descriptor: MessageDescriptor) => string): string {
  const rule = (Object.keys(USERNAME_MESSAGES) as Array<keyof typeof USERNAME_MESSAGES>).find((key) => USERNAME_MESSAGES[key] === message);
  return rule === undefined ? message : translate(USERNAME_TEXT[rule]);
}

/** Changes the username: checked here with core's rules, unique on the server (409). */
export function UsernameForm({ user }: { user: User }) {
  const toast = useToast();
  const { i18n, t } = useLingui();
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
      setError(usernameRuleText(check.message, (descriptor) => i18n._(descriptor)));
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
        helperText={error ?? `${i18n._(USERNAME_TEXT.length)} ${i18n._(USERNAME_TEXT.chars)}`}
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
