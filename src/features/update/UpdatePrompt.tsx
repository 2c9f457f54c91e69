import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useSwUpdate } from '../../state/app.state';

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
            Reload
          </Button>
        }
      >
        A new version is available
      </Alert>
    </Snackbar>
  );
}
