import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { User } from '../../../core/user';
import { ApiError } from '../../api/api-error';
import { hasErrorCode } from '../../api/error-text';
import { updateMe } from '../../api/me.api';
import { useToast } from '../../components/toast/use-toast';
import { setCurrentUser } from '../../state/app.state';
import { AvatarEditor } from '../account/AvatarEditor';
import { messageForError } from '../auth/auth-errors';
import { BristolChart } from '../poops/BristolChart';
import { useUsernameCheck } from './use-username-check';
import { WELCOME_TEXT } from './welcome.text';

const STEPS = 3;

/**
 * The new account's welcome, at the top of the feed until finished or skipped (then recorded on
 * the server, so it never shows again, on any device): keep or change the generated username,
 * add an avatar, meet the Bristol scale. Not a modal: the feed stays usable around it.
 */
export function Welcome({ user }: { user: User }) {
  const [step, setStep] = useState(1);
  const [closed, setClosed] = useState(false);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // On each new step, focus goes to its heading (never on first show: the feed keeps it).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const finish = () => {
    setClosed(true);
    // If this fails (offline), the welcome is gone for now and shows again on the next visit.
    updateMe({ welcomed: true }).then(setCurrentUser, (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  };
  const next = () => {
    moved.current = true;
    if (step < STEPS) setStep(step + 1);
    else finish();
  };

  if (closed) return null;
  const stepTitle = step === 1 ? WELCOME_TEXT.nameTitle : step === 2 ? WELCOME_TEXT.avatarTitle : WELCOME_TEXT.bristolTitle;
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography id={titleId} component="h2" variant="h5">
        {WELCOME_TEXT.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {WELCOME_TEXT.step(step, STEPS)}
      </Typography>
      <Typography component="h3" variant="h6" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        {stepTitle}
      </Typography>
      {step === 1 && <NameStep user={user} onNext={next} onSkip={finish} />}
      {step === 2 && (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography>{WELCOME_TEXT.avatarIntro}</Typography>
          <AvatarEditor user={user} />
          <StepButtons nextLabel={WELCOME_TEXT.next} onNext={next} onSkip={finish} />
        </Stack>
      )}
      {step === 3 && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography>{WELCOME_TEXT.bristolIntro}</Typography>
          <BristolChart label={WELCOME_TEXT.bristolList} />
          <StepButtons nextLabel={WELCOME_TEXT.done} onNext={next} onSkip={finish} />
        </Stack>
      )}
    </Paper>
  );
}

function StepButtons({ nextLabel, onNext, onSkip, busy = false, waiting = false, submit = false }: StepButtonsProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
      <Button variant="text" onClick={onSkip} disabled={busy}>
        {WELCOME_TEXT.skip}
      </Button>
      <Button variant="contained" type={submit ? 'submit' : 'button'} onClick={submit ? undefined : onNext} disabled={busy || waiting}>
        {nextLabel}
      </Button>
    </Stack>
  );
}

interface StepButtonsProps {
  nextLabel: string;
  onNext?: () => void;
  onSkip: () => void;
  busy?: boolean;
  /** Next waits (e.g. for the name's check); Skip does not. */
  waiting?: boolean;
  submit?: boolean;
}

/** Step 1: the generated name, kept or changed (checked live; saved on Next). */
function NameStep({ user, onNext, onSkip }: { user: User; onNext: () => void; onSkip: () => void }) {
  const toast = useToast();
  const [text, setText] = useState(user.username);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = useUsernameCheck(text, user.username);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.state === 'same') return onNext();
    if (check.state === 'unavailable' || check.state === 'checking') return;
    setBusy(true);
    try {
      setCurrentUser(await updateMe({ username: check.username }));
      onNext();
    } catch (error) {
      if (hasErrorCode(error, 'conflict')) setSaveError(messageForError(error));
      else toast.error(messageForError(error));
    } finally {
      setBusy(false);
    }
  };

  const error = saveError ?? (check.state === 'unavailable' ? check.message : null);
  const helper =
    error ??
    (check.state === 'checking'
      ? WELCOME_TEXT.checking
      : check.state === 'available'
        ? WELCOME_TEXT.available
        : check.state === 'same'
          ? WELCOME_TEXT.yours
          : '');
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={WELCOME_TEXT.nameTitle}
      sx={{ mt: 1 }}
    >
      <Typography>{WELCOME_TEXT.nameIntro(user.username)}</Typography>
      <TextField
        label="Username"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSaveError(null);
        }}
        error={error !== null}
        helperText={helper}
        autoComplete="username"
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false }, formHelperText: { role: 'status' } }}
        fullWidth
      />
      <StepButtons
        nextLabel={WELCOME_TEXT.next}
        onSkip={onSkip}
        busy={busy}
        waiting={check.state === 'checking' || check.state === 'unavailable'}
        submit
      />
    </Stack>
  );
}
