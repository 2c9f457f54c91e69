/** The install offer's texts (InstallOffer.tsx). */
export const INSTALL_TEXT = {
  title: 'Install Plop',
  why: 'Open Plop from your home screen: it starts faster, works offline, and can show your notifications on its icon.',
  install: 'Install',
  notNow: 'Not now',
  gotIt: 'Got it',
  iosStepShare: 'In Safari, tap the Share button',
  iosShareIcon: 'Share',
  iosStepAdd: "Scroll down and tap 'Add to Home Screen'",
  iosStepConfirm: 'Tap Add, then open Plop from your home screen',
} as const;
