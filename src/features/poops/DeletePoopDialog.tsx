import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from '@tanstack/react-router';
import { deletePoop } from '../../api/poops.api';
import { useToast } from '../../components/toast/use-toast';
import { useAction } from '../../components/toast/use-action';
import { useQueryClient } from '@tanstack/react-query';
import { removeGonePoop } from '../../api/poop-cache';
import { queryKeys } from '../../api/query-keys';
import { useLingui } from '@lingui/react/macro';

/** Confirms, deletes the post (DELETE /api/poops/:id), takes it out of the feed and goes back to it. */
export function DeletePoopDialog({
  poopId,
  open,
  onClose,
  onExited,
}: {
  poopId: string;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const toast = useToast();
  const client = useQueryClient();
  const { busy, run } = useAction(deletePoop);

  const close = () => {
    if (!busy) onClose();
  };

  const confirm = async () => {
    if (!(await run(poopId)).ok) return;
    // Gone: an older copy of a list (the worker's, on a slow network) must not bring it back.
    removeGonePoop(client, poopId);
    client.removeQueries({ queryKey: queryKeys.poop(poopId) });
    toast.success(t`Post deleted.`);
    await navigate({ to: '/root', replace: true });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="delete-poop-title"
      aria-describedby="delete-poop-text"
      fullWidth
      maxWidth="xs"
      disableRestoreFocus
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id="delete-poop-title">{t`Delete this post?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-poop-text">{t`It disappears from the feed, the map and your profile, with its likes and comments.`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} autoFocus>
          {t`Cancel`}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
          {t`Delete`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
