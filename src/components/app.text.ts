/** The user-facing texts of the app-wide components (route errors, Not Found, a read waiting for a connection). */
export const APP_TEXT = {
  homeLink: 'Go to the home page',
  routeErrorTitle: 'Something went wrong',
  routeErrorBody: 'This page could not be shown.',
  retry: 'Try again',
  back: 'Back',
  offlineNotSaved: 'You are offline, and this is not saved on this device yet. It loads when you are back online.',
} as const;
