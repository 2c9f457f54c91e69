import { useRef, useState } from 'react';
import { useObjectUrl } from '../../lib/use-object-url';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import PhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../../core/user';
import { uploadAvatar } from '../../api/me.api';
import { useToast } from '../../components/toast/use-toast';
import { setCurrentUser } from '../../state/app.state';
import { messageForError } from '../auth/auth-errors';
import { avatarInitial } from './account-format';

/**
 * Picks a photo, previews it, and uploads it with a progress bar (PUT /api/me/avatar).
 * With `saveOnChoose` (the welcome), choosing is saving: there is no separate save button, and
 * `onUploadingChange` lets the step wait for the upload before it moves on.
 */
export function AvatarEditor({
  user,
  saveOnChoose = false,
  onUploadingChange,
}: {
  user: User;
  saveOnChoose?: boolean;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const toast = useToast();
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The preview is an object URL, released when the file changes or the screen closes.
  const preview = useObjectUrl(file);

  const choose = (chosen: File | undefined) => {
    setError(null);
    setFile(chosen ?? null);
    if (chosen && saveOnChoose) void upload(chosen);
  };

  const upload = async (chosen: File) => {
    setError(null);
    setProgress(0);
    onUploadingChange?.(true);
    try {
      setCurrentUser(await uploadAvatar(chosen, setProgress));
      setFile(null);
      if (input.current) input.current.value = '';
      toast.success(t`Avatar updated.`);
    } catch (failure) {
      // 413 (too large) and 415 (not an image) carry the server's own explanation.
      setError(messageForError(failure));
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  };

  const uploading = progress !== null;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={preview ?? (user.photoURL || undefined)}
        alt={preview ? t`Preview of your new avatar` : user.photoURL ? t`Your avatar` : undefined}
        sx={{ width: 120, height: 120, fontSize: 48 }}
      >
        {avatarInitial(user.username)}
      </Avatar>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={t`Avatar photo`}
        hidden
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" startIcon={<PhotoIcon />} disabled={uploading} onClick={() => input.current?.click()}>
          {file ? <Trans>Choose another photo</Trans> : <Trans>Choose a photo</Trans>}
        </Button>
        {file && !saveOnChoose && (
          <Button variant="contained" disabled={uploading} onClick={() => void upload(file)}>
            <Trans>Save avatar</Trans>
          </Button>
        )}
      </Stack>
      {uploading && (
        <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t`Uploading avatar`} sx={{ width: '100%' }} />
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
