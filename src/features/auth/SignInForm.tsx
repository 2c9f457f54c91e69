import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { OutlinedTextField } from '../../components/OutlinedTextField';
import { useToast } from '../../components/toast/use-toast';
import { useAction } from '../../components/toast/use-action';
import { AUTH_TEXT, authErrorField, messageForError } from './auth-errors';
import { continueWithEmail } from './auth-session';
import { checkCredentials, credentialErrors } from './email-sign-in';

// Loaded when first opened: the landing page's first load does not need the dialog's code.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })));

/**
 * E-mail and password: signs in, or creates the account when there is none. For an anonymous
 * guest it links the e-mail to their account instead, so they keep what they made.
 */
/** The e-mail form's fields. */
export interface Credentials {
  email: string;
  password: string;
}

/** The form's toast group: a newer warning replaces the last one, and success drops them. */
const FORM_TOASTS = 'sign-in-form';

export function SignInForm({
  onSignedIn,
  autoFocus = false,
  typed,
}: {
  onSignedIn: () => void | Promise<void>;
  autoFocus?: boolean;
  /** What was typed into the fields before this code ran (the prerendered landing's form, src/landing/). */
  typed?: Credentials;
}) {
  const toast = useToast();
  const { i18n, t } = useLingui();
  const [email, setEmail] = useState(typed?.email ?? '');
  const [password, setPassword] = useState(typed?.password ?? '');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // An error shows once, where it belongs: one about a field ('Wrong password.') on that field,
  // focused; any other (the network, too many requests) as the form's toast.
  const { busy, run } = useAction(continueWithEmail, {
    toastGroup: FORM_TOASTS,
    onError: (error) => {
      const field = authErrorField(error);
      if (field === undefined) return false;
      setErrors({ [field]: messageForError(error) });
      (field === 'email' ? emailRef : passwordRef).current?.focus();
      return true;
    },
  });
  const [resetOpen, setResetOpen] = useState(false);
  // Stays mounted once opened, so it can play its closing transition.
  const [resetUsed, setResetUsed] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkCredentials(email, password);
    if (!check.ok) {
      // On the fields (not a toast as well), focus on the first wrong one; an earlier toast goes.
      const wrong = credentialErrors(email, password);
      setErrors(wrong);
      (wrong.email !== undefined ? emailRef : passwordRef).current?.focus();
      toast.drop(FORM_TOASTS);
      return;
    }
    setErrors({});
    const result = await run(check.email, check.password);
    // Signed in to Firebase but no API session: ensureSession has said why; stay here.
    if (!result.ok || result.value === null) return;
    // Warnings of earlier attempts are stale now: they never show after the sign-in.
    toast.drop(FORM_TOASTS);
    toast.success(i18n._(AUTH_TEXT.loggedIn));
    await onSignedIn();
  };

  return (
    <>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)} aria-label={t`Sign in or sign up`}>
        <OutlinedTextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus={autoFocus}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((shown) => ({ ...shown, email: undefined }));
          }}
          error={errors.email}
          inputRef={emailRef}
          fullWidth
        />
        <OutlinedTextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((shown) => ({ ...shown, password: undefined }));
          }}
          error={errors.password}
          inputRef={passwordRef}
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          <Trans>Continue</Trans>
        </Button>
        <Button
          variant="text"
          size="small"
          onClick={() => {
            setResetUsed(true);
            setResetOpen(true);
          }}
          sx={{ alignSelf: 'center' }}
        >
          <Trans>Forgot password?</Trans>
        </Button>
      </Stack>
      {resetUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={resetOpen} initialEmail={email} onClose={() => setResetOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
