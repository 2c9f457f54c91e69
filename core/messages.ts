/**
 * Every user-facing text of the spec that the app and the server share. The app reads
 * toasts and errors from here; nothing else spells these strings.
 */
export const MESSAGES = {
  loggedIn: 'Successfully logged in',
  loggedInWithGoogle: 'Successfully logged in with Google account',
  redirectError: 'Error handling redirect result',
  linkGoogleError: 'Error linking to Google account',
  offline: 'You are offline.',
  backOnline: "You're back online.",
  notFound: 'Not Found',
  noTokenFound: 'No token found.',
  persistWriteFailed: 'Failed to persist write',
  invalidEmail: 'Please enter a valid email',
  shortPassword: 'Password must contain at least 6 characters',
} as const;
