import Typography from '@mui/material/Typography';
import { Trans } from '@lingui/react/macro';
import { useOnline } from '../connectivity/use-online';

/** Offline, what the screens show comes from the saved copies: say it may be out of date. */
export function OfflineNote() {
  const online = useOnline();
  if (online) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1, textAlign: 'center', bgcolor: 'action.hover' }}>
      <Trans>Offline — showing saved content</Trans>
    </Typography>
  );
}
