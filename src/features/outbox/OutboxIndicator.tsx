import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import { TOAST_OFFSET_BOTTOM_PX } from '../../../core/constants';
import { isFailing, OUTBOX_MESSAGES } from '../../../core/outbox';
import { discardEntry, outboxUserChanged, retryEntry } from '../../api/outbox';
import { useCurrentUser } from '../../state/app.state';
import { startOutboxEffects } from './outbox-effects';
import { OUTBOX_KIND_LABELS, pendingCountLabel } from './outbox-texts';
import { useOutboxEntries } from './use-outbox';

/**
 * The count of writes waiting to be sent, always visible while there are any (bottom left,
 * above the offline chip); it opens the outbox sheet, where failing writes have Retry and Discard.
 */
export function OutboxIndicator() {
  const uid = useCurrentUser()?.uid ?? null;
  const entries = useOutboxEntries();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    startOutboxEffects();
  }, []);
  // A user arrived (start-up, sign-in) or changed: show their entries and send what waits.
  useEffect(() => {
    void outboxUserChanged();
  }, [uid]);

  if (entries.length === 0) return null;
  return (
    <>
      <Chip
        icon={<CloudQueueIcon />}
        label={entries.length}
        aria-label={pendingCountLabel(entries.length)}
        color={entries.some(isFailing) ? 'error' : 'info'}
        onClick={() => setOpen(true)}
        sx={{ position: 'fixed', left: 16, bottom: TOAST_OFFSET_BOTTOM_PX + 40, zIndex: (theme) => theme.zIndex.snackbar }}
      />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="outbox-title" fullWidth maxWidth="xs">
        <DialogTitle id="outbox-title">{OUTBOX_MESSAGES.pendingCount(entries.length)}</DialogTitle>
        <DialogContent>
          <List dense aria-label="Waiting to be sent">
            {entries.map((entry) => (
              <ListItem key={entry.id} disableGutters>
                <ListItemText
                  primary={OUTBOX_KIND_LABELS[entry.kind]}
                  secondary={isFailing(entry) ? `Failed: ${entry.lastError ?? ''}` : OUTBOX_MESSAGES.waiting}
                />
                {isFailing(entry) && (
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => void retryEntry(entry.id)}>
                      Retry
                    </Button>
                    <Button size="small" color="error" onClick={() => void discardEntry(entry.id)}>
                      Discard
                    </Button>
                  </Stack>
                )}
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
