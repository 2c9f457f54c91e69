import Chip from '@mui/material/Chip';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useBottomLeftPlace } from '../../components/toast/toast-lane';

/** A small persistent 'Offline' chip, bottom left (toasts use the bottom right). */
export function OfflineChipView() {
  const place = useBottomLeftPlace();
  return <Chip role="status" icon={<CloudOffIcon />} label="Offline" color="warning" size="small" sx={place} />;
}
