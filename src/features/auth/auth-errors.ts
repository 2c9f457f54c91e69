import { SIGN_IN_MESSAGES } from '../../../core/messages';
import { ApiError } from '../../api/api-error';
import { API_ERROR_TEXT, apiErrorText } from '../../api/error-text';

/**
 * The one module that turns Firebase Auth error codes into user-facing text (spec section 8:
 * the sign-in toasts and the "Authentication code messages"). Codes arrive as `auth/<code>`;
 * both forms are accepted.
 */
export const AUTH_ERROR_MESSAGES = {
  sessionExpired: 'Your session has expired. Please sign in again.',
  network: API_ERROR_TEXT.network,
  emailInUse: 'This email is already in use by another account.',
  weakPassword: 'Your password is too weak.',
  wrongPassword: 'Your password is incorrect.',
  invalidCredential: 'Your credentials are invalid or expired.',
  unknown: 'An unknown error occurred.',
  // Recognised codes whose texts the spec does not show; ours.
  appDeleted: 'This app is no longer set up for signing in. Please reload the page.',
  appNotAuthorized: 'This app is not authorised to sign you in.',
  argumentError: 'The sign-in request was incomplete. Please try again.',
  invalidApiKey: "The app's sign-in settings are not valid.",
  operationNotAllowed: 'This way of signing in is turned off.',
  requiresRecentLogin: 'For your security, please sign in again first.',
  tooManyRequests: SIGN_IN_MESSAGES.tooManyRequests,
  unauthorizedDomain: 'Signing in is not allowed from this address.',
  userDisabled: 'This account has been disabled.',
  webStorageUnsupported: 'Your browser blocks the storage that signing in needs. Allow site data and try again.',
  invalidEmail: SIGN_IN_MESSAGES.invalidEmail,
  operationNotSupported: 'Signing in this way does not work in this browser. Try another one.',
} as const;

/** Where an error happened: signing in, registering or linking, or anything else. */
export type AuthErrorContext = 'sign-in' | 'sign-up' | 'other';

const BY_CODE: Readonly<Record<string, string>> = {
  'invalid-user-token': AUTH_ERROR_MESSAGES.sessionExpired,
  'user-token-expired': AUTH_ERROR_MESSAGES.sessionExpired,
  'network-request-failed': AUTH_ERROR_MESSAGES.network,
  'email-already-in-use': AUTH_ERROR_MESSAGES.emailInUse,
  'weak-password': AUTH_ERROR_MESSAGES.weakPassword,
  'wrong-password': AUTH_ERROR_MESSAGES.wrongPassword,
  'invalid-credential': AUTH_ERROR_MESSAGES.invalidCredential,
  'app-deleted': AUTH_ERROR_MESSAGES.appDeleted,
  'app-not-authorized': AUTH_ERROR_MESSAGES.appNotAuthorized,
  'argument-error': AUTH_ERROR_MESSAGES.argumentError,
  'invalid-api-key': AUTH_ERROR_MESSAGES.invalidApiKey,
  'operation-not-allowed': AUTH_ERROR_MESSAGES.operationNotAllowed,
  'requires-recent-login': AUTH_ERROR_MESSAGES.requiresRecentLogin,
  'too-many-requests': AUTH_ERROR_MESSAGES.tooManyRequests,
  'unauthorized-domain': AUTH_ERROR_MESSAGES.unauthorizedDomain,
  'user-disabled': AUTH_ERROR_MESSAGES.userDisabled,
  'web-storage-unsupported': AUTH_ERROR_MESSAGES.webStorageUnsupported,
  'invalid-email': AUTH_ERROR_MESSAGES.invalidEmail,
  'operation-not-supported-in-this-environment': AUTH_ERROR_MESSAGES.operationNotSupported,
};

/** The sign-in toasts of spec section 8 take precedence while signing in... */
const SIGN_IN_BY_CODE: Readonly<Record<string, string>> = {
  'wrong-password': SIGN_IN_MESSAGES.wrongPassword,
  'user-not-found': SIGN_IN_MESSAGES.emailNotFound,
  'invalid-email': SIGN_IN_MESSAGES.invalidEmail,
  'invalid-credential': SIGN_IN_MESSAGES.invalidCredentials,
  'too-many-requests': SIGN_IN_MESSAGES.tooManyRequests,
};

/** ...and their sign-up variant while registering or linking an account. */
const SIGN_UP_BY_CODE: Readonly<Record<string, string>> = {
  'email-already-in-use': SIGN_IN_MESSAGES.emailAlreadyUsed,
  'credential-already-in-use': SIGN_IN_MESSAGES.emailAlreadyUsed,
  'invalid-email': SIGN_IN_MESSAGES.invalidEmail,
  'invalid-credential': SIGN_IN_MESSAGES.invalidCredentials,
  'too-many-requests': SIGN_IN_MESSAGES.tooManyRequests,
};

const BY_CONTEXT: Readonly<Record<AuthErrorContext, Readonly<Record<string, string>>>> = {
  'sign-in': SIGN_IN_BY_CODE,
  'sign-up': SIGN_UP_BY_CODE,
  other: {},
};

/** `auth/wrong-password` -> `wrong-password`. */
export function authErrorCode(code: string): string {
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

/** The text for a Firebase Auth error code, in the context where it happened. */
export function authErrorMessage(code: string, context: AuthErrorContext = 'other'): string {
  const bare = authErrorCode(code);
  return BY_CONTEXT[context][bare] ?? BY_CODE[bare] ?? AUTH_ERROR_MESSAGES.unknown;
}

/** The code of a thrown Firebase error (anything with a string `code`), else undefined. */
export function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A Firebase error tagged with the step that raised it, so a flow that may sign in or
 * register shows the matching variant. Keeps the original `code`.
 */
export class AuthStepError extends Error {
  readonly step: AuthErrorContext;
  readonly code: string | undefined;

  constructor(step: AuthErrorContext, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'AuthStepError';
    this.step = step;
    this.code = codeOf(cause);
  }
}

/**
 * The text to show for anything a sign-in, session or sign-out step threw: a Firebase Auth
 * error by its code (and step, when tagged), an API error by the server's message (the
 * network text when there was no answer at all).
 */
export function messageForError(error: unknown, context: AuthErrorContext = 'other'): string {
  if (error instanceof ApiError) return apiErrorText(error);
  if (error instanceof AuthStepError) return messageForError(error.cause, error.step);
  const code = codeOf(error);
  return code === undefined ? AUTH_ERROR_MESSAGES.unknown : authErrorMessage(code, context);
}

/** The sign-in and sign-up codes that are about one field: their text shows on that field, not as a toast. */
const FIELD_BY_CODE: Readonly<Record<string, 'email' | 'password'>> = {
  'wrong-password': 'password',
  // With e-mail enumeration protection, a wrong password for an existing account (email-sign-in.ts).
  'invalid-credential': 'password',
  'weak-password': 'password',
  'user-not-found': 'email',
  'invalid-email': 'email',
  'email-already-in-use': 'email',
  'credential-already-in-use': 'email',
};

/** The form field an e-mail sign-in or sign-up error belongs on (issue 42: an error shows once, where it belongs); undefined: a toast. */
export function authErrorField(error: unknown): 'email' | 'password' | undefined {
  const code = error instanceof AuthStepError ? error.code : codeOf(error);
  return code === undefined ? undefined : FIELD_BY_CODE[authErrorCode(code)];
}
