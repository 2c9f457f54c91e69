import { t } from '@lingui/core/macro';

/** The install offer's texts (InstallOffer.tsx), each read from the active catalog when used. */
export const INSTALL_TEXT = {
  get title() {
    return t`Install Plop`;
  },
  get why() {
    return t`Open Plop from your home screen: it starts faster, works offline, and can show your notifications on its icon.`;
  },
  get install() {
    return t`Install`;
  },
  get notNow() {
    return t`Not now`;
  },
  get gotIt() {
    return t`Got it`;
  },
  get iosStepShare() {
    return t`In Safari, tap the Share button`;
  },
  get iosShareIcon() {
    return t`Share`;
  },
  get iosStepAdd() {
    return t`Scroll down and tap 'Add to Home Screen'`;
  },
  get iosStepConfirm() {
    return t`Tap Add, then open Plop from your home screen`;
  },
};
