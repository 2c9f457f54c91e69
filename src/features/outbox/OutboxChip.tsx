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
import { Trans, useLingui } from '@lingui/react/macro';
import { isFailing, type OutboxEntry } from '../../../core/outbox';
import { discardEntry, retryEntry } from '../../api/outbox';
import { findCachedPoop } from '../../api/poop-cache';
import { queryClient } from '../../api/query-client';
import { CHIP_ROW_PX, useBottomLeftPlace } from '../../components/toast/toast-lane';
import { useOnline } from '../connectivity/use-online';
import { outboxEntryLabel, outboxStatusText, pendingCountLabel, pendingCountTitle } from './outbox-texts';

/** A post's title as the device saved it (the feed, a profile, the post's page). */
const savedPostTitle = (id: string) => findCachedPoop(queryClient, id)?.title;

/** While the sheet is open, 'Will try again in N s' counts down once a second. */
function useNow(active: boolean): [number, () => void] {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return [now, () => setNow(Date.now())];
}

/** The chip with the count of waiting writes, and the sheet it opens (Retry and Discard for failing ones). */
export function OutboxChip({ entries }: { entries: readonly OutboxEntry[] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const online = useOnline();
  const [now, updateNow] = useNow(open);
  // One row above the 'Offline' chip.
  const place = useBottomLeftPlace(CHIP_ROW_PX);
  return (
    <>
      <Chip
        icon={<CloudQueueIcon />}
        label={entries.length}
        aria-label={pendingCountLabel(entries.length)}
        color={entries.some(isFailing) ? 'error' : 'info'}
        onClick={() => {
          updateNow();
          setOpen(true);
        }}
        sx={place}
      />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="outbox-title" fullWidth maxWidth="xs">
        <DialogTitle id="outbox-title">{pendingCountTitle(entries.length)}</DialogTitle>
        <DialogContent>
          <List dense aria-label={t`Waiting to be sent`}>
            {entries.map((entry) => (
              <ListItem key={entry.id} disableGutters>
                <ListItemText primary={outboxEntryLabel(entry, savedPostTitle)} secondary={outboxStatusText(entry, now, online)} />
                {isFailing(entry) && (
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => void retryEntry(entry.id)}>
                      <Trans>Retry</Trans>
                    </Button>
                    <Button size="small" color="error" onClick={() => void discardEntry(entry.id)}>
                      <Trans>Discard</Trans>
                    </Button>
                  </Stack>
                )}
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
