/** The user-facing texts of the app-wide components (route errors, Not Found). */
export const APP_TEXT = {
  homeLink: 'Go to the home page',
  routeErrorTitle: 'Something went wrong',
  routeErrorBody: 'This page could not be shown.',
  retry: 'Try again',
  back: 'Back',
} as const;
