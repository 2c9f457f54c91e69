import { useState, useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import IosShareIcon from '@mui/icons-material/IosShare';
import { useLocation } from '@tanstack/react-router';
import { installOffer } from '../../../core/install-offer';
import { isStandaloneDisplay } from '../../lib/display-mode';
import { canPromptInstall, needsIosInstallInstructions, promptInstall, subscribeInstallPrompt } from '../../lib/install-prompt';
import { BOTTOM_NAV_HEIGHT_PX } from '../shell/BottomNav';
import { hasPosted, installDismissed, recordVisit, rememberInstallDismissed } from './install-offer-storage';
import { INSTALL_TEXT } from './install.text';

/**
 * The app's own install offer in /root (core/install-offer.ts decides when): a card with
 * 'Install' where the browser holds an install prompt, a one-time sheet with the Share > 'Add
 * to Home Screen' steps on iOS Safari. 'Not now' (or the sheet's 'Got it') is remembered.
 * `openedOn` is the page this visit opened on, where nothing is offered.
 */
export function InstallOffer({ openedOn }: { openedOn: string }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [moved, setMoved] = useState(false);
  if (!moved && pathname !== openedOn) setMoved(true);
  const [visits] = useState(recordVisit);
  const [dismissed, setDismissed] = useState(installDismissed);
  const canPrompt = useSyncExternalStore(subscribeInstallPrompt, canPromptInstall);
  const offer = installOffer({
    visits,
    hasPosted: hasPosted(),
    dismissed,
    onFirstPage: !moved,
    standalone: isStandaloneDisplay(),
    canPrompt,
    ios: needsIosInstallInstructions(navigator.userAgent, false),
  });

  const dismiss = () => {
    rememberInstallDismissed();
    setDismissed(true);
  };
  const install = async () => {
    // Accepted, the app is installed; refused in the browser's dialog, the user has answered.
    dismiss();
    await promptInstall();
  };

  if (offer === 'ios-sheet') {
    return (
      <Dialog open onClose={dismiss} aria-labelledby="install-sheet-title" fullWidth>
        <DialogTitle id="install-sheet-title">{INSTALL_TEXT.title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{INSTALL_TEXT.why}</Typography>
          <Typography component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
            <li>
              {INSTALL_TEXT.iosStepShare}{' '}
              <IosShareIcon fontSize="small" aria-label={INSTALL_TEXT.iosShareIcon} sx={{ verticalAlign: 'text-bottom' }} />
            </li>
            <li>{INSTALL_TEXT.iosStepAdd}</li>
            <li>{INSTALL_TEXT.iosStepConfirm}</li>
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={dismiss}>{INSTALL_TEXT.gotIt}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (offer !== 'prompt') return null;
  return (
    <Paper
      component="aside"
      aria-labelledby="install-offer-title"
      elevation={6}
      sx={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom: `calc(${BOTTOM_NAV_HEIGHT_PX + 8}px + env(safe-area-inset-bottom))`,
        zIndex: (theme) => theme.zIndex.appBar,
        maxWidth: 480,
        mx: 'auto',
        p: 2,
      }}
    >
      <Typography id="install-offer-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {INSTALL_TEXT.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {INSTALL_TEXT.why}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={dismiss}>{INSTALL_TEXT.notNow}</Button>
        <Button variant="contained" onClick={() => void install()}>
          {INSTALL_TEXT.install}
        </Button>
      </Stack>
    </Paper>
  );
}
