import Chip from '@mui/material/Chip';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import { OUTBOX_MESSAGES } from '../../../core/outbox';

/** Marks something the outbox still has to send: 'Waiting for connection'. */
export function PendingChip() {
  return <Chip icon={<CloudQueueIcon />} label={OUTBOX_MESSAGES.waiting} size="small" color="warning" variant="outlined" />;
}
