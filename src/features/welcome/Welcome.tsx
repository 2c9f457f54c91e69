import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../../core/user';
import { ApiError } from '../../api/api-error';
import { hasErrorCode } from '../../api/error-text';
import { updateMe } from '../../api/me.api';
import { useToast } from '../../components/toast/use-toast';
import { setCurrentUser } from '../../state/app.state';
import { lazyPart } from '../../lib/lazy-part';
import { messageForError } from '../auth/auth-errors';
import { useUsernameCheck } from './use-username-check';

const STEPS = 3;

/** The later steps' parts load apart: a new account sees the first step at once, in a lighter first screen. */
const AvatarEditor = lazyPart('avatar editor', () => import('../account/AvatarEditor').then((m) => m.AvatarEditor));
const BristolChart = lazyPart('Bristol chart', () => import('../poops/BristolChart').then((m) => m.BristolChart));

/**
 * The new account's welcome, at the top of the feed until finished or skipped (then recorded on
 * the server, so it never shows again, on any device): keep or change the generated username,
 * add an avatar, meet the Bristol scale. Not a modal: the feed stays usable around it.
 */
export function Welcome({ user }: { user: User }) {
  const [step, setStep] = useState(1);
  const [closed, setClosed] = useState(false);
  const [uploading, setUploading] = useState(false);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const { t } = useLingui();

  // On each new step, focus goes to its heading (never on first show: the feed keeps it).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  // The later steps' code, fetched once the first step is on screen, so Next never waits for it.
  useEffect(() => {
    AvatarEditor.prefetch();
    BristolChart.prefetch();
  }, []);

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
  const stepTitle = step === 1 ? t`Your name` : step === 2 ? t`Add an avatar` : t`The Bristol scale`;
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography id={titleId} component="h2" variant="h5">
        <Trans>Welcome to Plop</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Step {step} of {STEPS}
        </Trans>
      </Typography>
      <Typography component="h3" variant="h6" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        {stepTitle}
      </Typography>
      {step === 1 && <NameStep user={user} onNext={next} onSkip={finish} />}
      {step === 2 && (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography>
            <Trans>A picture helps friends find you. You can change it later in Account.</Trans>
          </Typography>
          {/* Choosing a photo saves it (with its progress); Next waits for the upload. */}
          <AvatarEditor user={user} saveOnChoose onUploadingChange={setUploading} />
          <StepButtons nextLabel={t`Next`} onNext={next} onSkip={finish} waiting={uploading} />
        </Stack>
      )}
      {step === 3 && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography>
            <Trans>Every post gets a type. Here are the nine, as you will pick them when you post.</Trans>
          </Typography>
          <BristolChart label={t`The nine types`} />
          <StepButtons nextLabel={t`Done`} onNext={next} onSkip={finish} />
        </Stack>
      )}
    </Paper>
  );
}

function StepButtons({ nextLabel, onNext, onSkip, busy = false, waiting = false, submit = false }: StepButtonsProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
      <Button variant="text" onClick={onSkip} disabled={busy}>
        <Trans>Skip</Trans>
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
  const { t } = useLingui();
  const [text, setText] = useState(user.username);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = useUsernameCheck(text, user.username);
  const inputId = useId();
  const helperId = useId();
  const name = user.username;

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
      ? t`Checking…`
      : check.state === 'available'
        ? t`That username is available.`
        : check.state === 'same'
          ? t`This is your username now.`
          : '');
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)} aria-label={t`Your name`} sx={{ mt: 1 }}>
      <Typography>
        <Trans>We picked {name} for you. Keep it, or choose your own.</Trans>
      </Typography>
      {/* TextField's parts, without the select menu TextField brings along (a lighter first screen). */}
      <FormControl variant="outlined" error={error !== null} fullWidth>
        <InputLabel htmlFor={inputId}>
          <Trans>Username</Trans>
        </InputLabel>
        <OutlinedInput
          id={inputId}
          label={t`Username`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setSaveError(null);
          }}
          autoComplete="username"
          slotProps={{ input: { autoCapitalize: 'none', spellCheck: false, 'aria-describedby': helper ? helperId : undefined } }}
        />
        {helper && (
          <FormHelperText id={helperId} role="status">
            {helper}
          </FormHelperText>
        )}
      </FormControl>
      <StepButtons
        nextLabel={t`Next`}
        onSkip={onSkip}
        busy={busy}
        waiting={check.state === 'checking' || check.state === 'unavailable'}
        submit
      />
    </Stack>
  );
}
