import Chip from '@mui/material/Chip';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useLingui } from '@lingui/react/macro';
import { useBottomLeftPlace } from '../../components/toast/toast-lane';

/** A small persistent 'Offline' chip, bottom left (toasts use the bottom right). */
export function OfflineChipView() {
  const { t } = useLingui();
  const place = useBottomLeftPlace();
  return <Chip role="status" icon={<CloudOffIcon />} label={t`Offline`} color="warning" size="small" sx={place} />;
}
