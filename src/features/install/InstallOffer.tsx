import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import IosShareIcon from '@mui/icons-material/IosShare';
import type { InstallOffer as Offer } from '../../../core/install-offer';
import { promptInstall } from '../../lib/install-prompt';
import { BOTTOM_NAV_HEIGHT_PX } from '../shell/BottomNav';
import { INSTALL_TEXT } from './install.text';
import { useLingui } from '@lingui/react';

/**
 * The app's own install offer in /root, as InstallOfferSlot decides: a card with 'Install' where
 * the browser holds an install prompt, a one-time sheet with the Share > 'Add to Home Screen'
 * steps on iOS Safari. 'Not now' (or the sheet's 'Got it') is `onDismiss`, which remembers it.
 */
export function InstallOffer({ offer, onDismiss: dismiss }: { offer: Exclude<Offer, 'none'>; onDismiss: () => void }) {
  // The texts are read from the active catalog: a new language renders them anew.
  useLingui();
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
