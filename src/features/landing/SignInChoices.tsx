import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { Trans } from '@lingui/react/macro';
import { GoogleButton } from '../auth/GoogleButton';
import { SignInForm, type Credentials } from '../auth/SignInForm';

/**
 * The landing's ways in for a visitor: e-mail and password, Google, or a guest's first look.
 * Needs no router, so the build can render it too (its styles go into the prerendered landing).
 */
export function SignInChoices({
  onSignedIn,
  guestBusy,
  onTryFirst,
  typed,
}: {
  onSignedIn: () => void | Promise<void>;
  guestBusy: boolean;
  onTryFirst: () => void;
  typed?: Credentials;
}) {
  return (
    <Stack spacing={2}>
      <SignInForm onSignedIn={onSignedIn} typed={typed} />
      <Divider>
        <Trans>or</Trans>
      </Divider>
      <GoogleButton />
      <Button variant="text" size="large" disabled={guestBusy} onClick={onTryFirst}>
        <Trans>Try it first</Trans>
      </Button>
    </Stack>
  );
}
