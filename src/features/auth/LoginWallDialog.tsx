import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { closeLoginWall, useAuthState, useLoginWall, type AccountAction } from '../../state/app.state';
import { GoogleButton } from './GoogleButton';
import { SignInForm } from './SignInForm';

const WHY: Record<AccountAction, MessageDescriptor> = {
  post: msg`You need an account to post.`,
  like: msg`You need an account to like posts.`,
  comment: msg`You need an account to comment.`,
  follow: msg`You need an account to follow people.`,
  'keep-account': msg`Create an account to keep your posts.`,
};

/**
 * The login wall (spec section 2): opened by useRequireAccount() when a guest or signed-out
 * visitor tries something that needs an account. A guest's account is linked, not replaced.
 */
export function LoginWallDialog() {
  const { open, action } = useLoginWall();
  const { uid, isAnonymous } = useAuthState();
  const guest = uid !== null && isAnonymous;
  const { i18n, t } = useLingui();

  return (
    <Dialog
      open={open}
      onClose={closeLoginWall}
      aria-labelledby="login-wall-title"
      aria-describedby="login-wall-why"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="login-wall-title" sx={{ pr: 6 }}>
        {guest ? t`Create your account` : t`Sign in to continue`}
      </DialogTitle>
      <IconButton aria-label={t`Close`} onClick={closeLoginWall} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <DialogContentText id="login-wall-why" sx={{ mb: 2 }}>
          {i18n._(action ? WHY[action] : WHY.post)}
          {guest && ` ${t`Everything you did as a guest stays yours.`}`}
        </DialogContentText>
        <Stack spacing={2}>
          <SignInForm onSignedIn={closeLoginWall} autoFocus />
          <Divider>
            <Trans>or</Trans>
          </Divider>
          <GoogleButton />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
