import { t } from '@lingui/core/macro';

/** What the notifications switch tells the user about Web Push on this device, each read from the active catalog when used. */
export const PUSH_TEXT = {
  get notGranted() {
    return t`Notifications were not allowed. To get them, allow notifications for this site in your browser settings (the lock or site-info icon next to the address), then turn Notifications on again.`;
  },
  get blocked() {
    return t`Notifications are blocked for Plop in this browser. Allow them in your browser settings (the lock or site-info icon next to the address, then Notifications: Allow), then turn Notifications on again.`;
  },
  get unsupported() {
    return t`This browser cannot show push notifications. Try a recent Chrome, Edge, Firefox or Safari.`;
  },
  get iosNotInstalled() {
    return t`On iPhone and iPad, add Plop to your Home Screen first: tap the Share button in Safari, choose "Add to Home Screen", then open Plop from the Home Screen and turn Notifications on there.`;
  },
  get subscribeFailed() {
    return t`Could not turn on push notifications on this device. Please try again.`;
  },
  get unsubscribeFailed() {
    return t`Could not turn off push notifications on this device. Please try again.`;
  },
  get updateFailed() {
    return t`Could not update push notifications on this device. They may stop arriving until you turn Notifications off and on again.`;
  },
  get subscribeTimedOut() {
    return t`The browser's push service did not answer within 10 seconds, so notifications are not on for this device. Check your connection and try again.`;
  },
  get noToken() {
    return t`The server did not confirm this device for push notifications. Please try again.`;
  },
  get offline() {
    return t`You are offline: push notifications could not be set up. Try again when you are back online.`;
  },
  get enabled() {
    return t`Notifications are on for this device.`;
  },
};
