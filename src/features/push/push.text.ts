/** What the notifications switch tells the user about Web Push on this device. */
export const PUSH_TEXT = {
  notGranted:
    'Notifications were not allowed. To get them, allow notifications for this site in your browser settings (the lock or site-info icon next to the address), then turn Notifications on again.',
  blocked:
    'Notifications are blocked for Plop in this browser. Allow them in your browser settings (the lock or site-info icon next to the address, then Notifications: Allow), then turn Notifications on again.',
  unsupported: 'This browser cannot show push notifications. Try a recent Chrome, Edge, Firefox or Safari.',
  iosNotInstalled:
    'On iPhone and iPad, add Plop to your Home Screen first: tap the Share button in Safari, choose "Add to Home Screen", then open Plop from the Home Screen and turn Notifications on there.',
  subscribeFailed: 'Could not turn on push notifications on this device. Please try again.',
  unsubscribeFailed: 'Could not turn off push notifications on this device. Please try again.',
  updateFailed: 'Could not update push notifications on this device. They may stop arriving until you turn Notifications off and on again.',
  subscribeTimedOut:
    "The browser's push service did not answer within 10 seconds, so notifications are not on for this device. Check your connection and try again.",
  noToken: 'The server did not confirm this device for push notifications. Please try again.',
  offline: 'You are offline: push notifications could not be set up. Try again when you are back online.',
  enabled: 'Notifications are on for this device.',
} as const;
