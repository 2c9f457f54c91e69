import { ApiError } from '../../api/api-error';

/**
 * The one module that turns Firebase Auth error codes into user-facing text (spec section 8,
 * "Authentication code messages"). Codes arrive as `auth/<code>`; both forms are accepted.
 */
export const AUTH_ERROR_MESSAGES = {
  sessionExpired: 'Your session has expired. Please sign in again.',
  network: 'Network error. Please try again.',
  emailInUse: 'This email is already in use by another account.',
  weakPassword: 'Your password is too weak.',
  wrongPassword: 'Your password is incorrect.',
  invalidCredential: 'Your credentials are invalid or expired.',
  unknown: 'An unknown error occurred.',
} as const;

const BY_CODE: Readonly<Record<string, string>> = {
  'invalid-user-token': AUTH_ERROR_MESSAGES.sessionExpired,
  'user-token-expired': AUTH_ERROR_MESSAGES.sessionExpired,
  'network-request-failed': AUTH_ERROR_MESSAGES.network,
  'email-already-in-use': AUTH_ERROR_MESSAGES.emailInUse,
  'weak-password': AUTH_ERROR_MESSAGES.weakPassword,
  'wrong-password': AUTH_ERROR_MESSAGES.wrongPassword,
  'invalid-credential': AUTH_ERROR_MESSAGES.invalidCredential,
};

/** `auth/wrong-password` -> `wrong-password`. */
export function authErrorCode(code: string): string {
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

/** The text for a Firebase Auth error code. */
export function authErrorMessage(code: string): string {
  return BY_CODE[authErrorCode(code)] ?? AUTH_ERROR_MESSAGES.unknown;
}

/** The code of a thrown Firebase error (anything with a string `code`), else undefined. */
export function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}

/**
 * The text to show for anything a sign-in, session or sign-out step threw: a Firebase Auth
 * error by its code, an API error by the server's message (the network text when there was
 * no answer at all).
 */
export function messageForError(error: unknown): string {
  if (error instanceof ApiError) return error.isNetworkError ? AUTH_ERROR_MESSAGES.network : error.message;
  const code = codeOf(error);
  return code === undefined ? AUTH_ERROR_MESSAGES.unknown : authErrorMessage(code);
}
