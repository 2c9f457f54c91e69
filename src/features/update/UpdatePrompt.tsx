import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useSwUpdate } from '../../state/app.state';
import { Trans } from '@lingui/react/macro';

/** Offers the new app version; nothing reloads until the user asks. */
export function UpdatePrompt() {
  const update = useSwUpdate();
  return (
    <Snackbar open={update !== null} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="info"
        role="status"
        variant="filled"
        action={
          <Button color="inherit" size="small" onClick={() => update?.apply()}>
            <Trans>Reload</Trans>
          </Button>
        }
      >
        <Trans>A new version is available</Trans>
      </Alert>
    </Snackbar>
  );
}
