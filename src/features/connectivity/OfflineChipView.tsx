import Chip from '@mui/material/Chip';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { TOAST_OFFSET_BOTTOM_PX } from '../../../core/constants';

/** A small persistent 'Offline' chip, bottom left (toasts use the bottom right). */
export function OfflineChipView() {
  return (
    <Chip
      role="status"
      icon={<CloudOffIcon />}
      label="Offline"
      color="warning"
      size="small"
      sx={{ position: 'fixed', left: 16, bottom: TOAST_OFFSET_BOTTOM_PX, zIndex: (theme) => theme.zIndex.snackbar }}
    />
  );
}
