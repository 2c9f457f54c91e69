import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import InstallIcon from '@mui/icons-material/InstallMobile';
import { Trans } from '@lingui/react/macro';
import { isStandaloneDisplay } from '../../lib/display-mode';
import { canPromptInstall, needsIosInstallInstructions, promptInstall, subscribeInstallPrompt } from '../../lib/install-prompt';

/**
 * The account screen's install entry: 'Install app' where the browser offers a prompt, the
 * Share > 'Add to Home Screen' steps on iOS Safari, nothing once the app runs installed.
 */
export function InstallAppCard() {
  const available = useSyncExternalStore(subscribeInstallPrompt, canPromptInstall);
  const standalone = isStandaloneDisplay();
  if (standalone) return null;
  if (available) {
    return (
      <Button variant="contained" startIcon={<InstallIcon />} onClick={() => void promptInstall()} sx={{ mb: 3 }} fullWidth>
        <Trans>Install app</Trans>
      </Button>
    );
  }
  if (needsIosInstallInstructions(navigator.userAgent, standalone)) {
    return (
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="install-ios-title">
        <Typography id="install-ios-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          <Trans>Install Plop</Trans>
        </Typography>
        <Alert severity="info" icon={false} sx={{ mt: 1 }}>
          <Trans>In Safari, tap the Share button, then ‘Add to Home Screen’, then Add. Open Plop from your home screen.</Trans>
        </Alert>
      </Paper>
    );
  }
  return null;
}
