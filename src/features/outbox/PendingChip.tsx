import Chip from '@mui/material/Chip';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import { OUTBOX_MESSAGES } from '../../../core/outbox';

/**
 * Marks something the outbox still has to send: 'Waiting for connection'. The warning colour is
 * the outline and the icon; the words are in the text colour (warning orange on the light page is
 * 3:1, too faint for small text, as axe found on an offline post's comment).
 */
export function PendingChip() {
  return (
    <Chip
      icon={<CloudQueueIcon />}
      label={OUTBOX_MESSAGES.waiting}
      size="small"
      color="warning"
      variant="outlined"
      sx={{ color: 'text.primary' }}
    />
  );
}
