import Chip from '@mui/material/Chip';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import { useLingui } from '@lingui/react';
import { waitingText } from './outbox-texts';

/**
 * Marks something the outbox still has to send: 'Waiting for connection'. The warning colour is
 * the outline and the icon; the words are in the text colour (warning orange on the light page is
 * 3:1, too faint for small text, as axe found on an offline post's comment).
 */
export function PendingChip() {
  // Worded again when the language changes.
  useLingui();
  return (
    <Chip icon={<CloudQueueIcon />} label={waitingText()} size="small" color="warning" variant="outlined" sx={{ color: 'text.primary' }} />
  );
}
