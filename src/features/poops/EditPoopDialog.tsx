import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { POOP_DESCRIPTION_MAX_LENGTH, POOP_TITLE_MAX_LENGTH } from '../../../core/constants';
import { isOtherType, isPublicPoop, type PoopType } from '../../../core/poop';
import type { Poop } from '../../../core/poop-api';
import { updatePoop as patchPoop } from '../../api/poops.api';
import { useToast } from '../../components/toast/use-toast';
import { useQueryClient } from '@tanstack/react-query';
import { patchCachedPoop, putPoopFirstInFeed, removeCachedPoop } from '../../api/poop-cache';
import { messageForError } from '../auth/auth-errors';
import { PoopTypePicker } from '../create/PoopTypePicker';
import { descriptionError, lengthCounter, titleError } from '../create/post-form';
import { changedFields } from './poop-edit';
import { useLingui } from '@lingui/react/macro';

interface EditPoopDialogProps {
  poop: Poop;
  open: boolean;
  onClose: () => void;
  /** Called once the dialog has gone (to put focus back where it makes sense). */
  onExited?: () => void;
}

/** The owner edits title, description, type, Private and Show on map (PATCH /api/poops/:id). */
export function EditPoopDialog({ poop, open, onClose, onExited }: EditPoopDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="edit-poop-title"
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      slotProps={{ transition: { onExited } }}
    >
      {/* Mounted per opening, so the form starts from the post as it is now. */}
      {open && <EditPoopForm poop={poop} onClose={onClose} />}
    </Dialog>
  );
}

function EditPoopForm({ poop, onClose }: { poop: Poop; onClose: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const client = useQueryClient();
  const [title, setTitle] = useState(poop.title);
  const [description, setDescription] = useState(poop.description);
  const [type, setType] = useState<PoopType>(poop.type);
  const [isPrivate, setPrivate] = useState(poop.private);
  const [showInMap, setShowInMap] = useState(poop.showInMap);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = { title: titleError(title), description: descriptionError(description) };

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || errors.title !== undefined || errors.description !== undefined) return;
    const body = changedFields(poop, { title, description, type, private: isPrivate, showInMap });
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await patchPoop(poop.id, body);
      patchCachedPoop(client, updated.id, () => updated);
      // An edit is a modification: the feed (newest modification first) now starts with it.
      if (isPublicPoop(updated)) putPoopFirstInFeed(client, updated);
      else removeCachedPoop(client, updated.id);
      toast.success(t`Post updated.`);
      onClose();
    } catch (failure) {
      setError(messageForError(failure));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle id="edit-poop-title">{t`Edit post`}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <TextField
            label={t`Title`}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={errors.title !== undefined}
            helperText={errors.title ?? lengthCounter(title, POOP_TITLE_MAX_LENGTH)}
            disabled={busy}
            autoFocus
            fullWidth
          />
          <TextField
            label={t`Description`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={errors.description !== undefined}
            helperText={errors.description ?? lengthCounter(description, POOP_DESCRIPTION_MAX_LENGTH)}
            disabled={busy}
            multiline
            minRows={3}
            fullWidth
          />
          <PoopTypePicker value={type} onChange={setType} disabled={busy} idPrefix="edit" />
          {isOtherType(type) && !isOtherType(poop.type) && (
            <Alert severity="info">{t`An "Other" post leaves the feed until a moderator has checked it.`}</Alert>
          )}
          <Stack>
            <FormControlLabel
              control={<Switch checked={isPrivate} onChange={(event) => setPrivate(event.target.checked)} disabled={busy} />}
              label={t`Private`}
            />
            <FormControlLabel
              control={<Switch checked={showInMap} onChange={(event) => setShowInMap(event.target.checked)} disabled={busy} />}
              label={t`Show on map`}
            />
          </Stack>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t`Cancel`}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || errors.title !== undefined || errors.description !== undefined}>
          {t`Save`}
        </Button>
      </DialogActions>
    </form>
  );
}
