import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { PASSWORD_MIN_LENGTH } from '../../../core/constants';
import type { MESSAGES, SIGN_IN_MESSAGES } from '../../../core/messages';
import { ApiError } from '../../api/api-error';
import { apiErrorText } from '../../api/error-text';

/**
 * The one module that turns Firebase Auth error codes into user-facing text (spec section 8:
 * the sign-in toasts and the "Authentication code messages"), in the reader's language (issue 62).
 * Codes arrive as `auth/<code>`; both forms are accepted.
 */
export const AUTH_ERROR_MESSAGES = {
  sessionExpired: msg`Your session has expired. Please sign in again.`,
  network: msg`Network error. Please try again.`,
  emailInUse: msg`This email is already in use by another account.`,
  weakPassword: msg`Your password is too weak.`,
  wrongPassword: msg`Your password is incorrect.`,
  invalidCredential: msg`Your credentials are invalid or expired.`,
  unknown: msg`An unknown error occurred.`,
  // Recognised codes whose texts the spec does not show; ours.
  appDeleted: msg`This app is no longer set up for signing in. Please reload the page.`,
  appNotAuthorized: msg`This app is not authorised to sign you in.`,
  argumentError: msg`The sign-in request was incomplete. Please try again.`,
  invalidApiKey: msg`The app's sign-in settings are not valid.`,
  operationNotAllowed: msg`This way of signing in is turned off.`,
  requiresRecentLogin: msg`For your security, please sign in again first.`,
  tooManyRequests: msg`Too many requests, try again later.`,
  unauthorizedDomain: msg`Signing in is not allowed from this address.`,
  userDisabled: msg`This account has been disabled.`,
  webStorageUnsupported: msg`Your browser blocks the storage that signing in needs. Allow site data and try again.`,
  invalidEmail: msg`Invalid email.`,
  operationNotSupported: msg`Signing in this way does not work in this browser. Try another one.`,
} as const;

/**
 * The sign-in and sign-up toasts of spec section 8 (core/messages.ts, SIGN_IN_MESSAGES), in the
 * reader's language; in English they are the spec's words exactly (auth-errors.test.ts checks).
 */
export const SIGN_IN_TEXT = {
  wrongPassword: msg`Wrong password.`,
  emailNotFound: msg`Email not found.`,
  invalidEmail: AUTH_ERROR_MESSAGES.invalidEmail,
  invalidCredentials: msg`Invalid credentials.`,
  emailAlreadyUsed: msg`Invalid credentials. This email is already being used`,
  tooManyRequests: AUTH_ERROR_MESSAGES.tooManyRequests,
} as const satisfies Record<keyof typeof SIGN_IN_MESSAGES, MessageDescriptor>;

/**
 * The spec's other texts of signing in (core/messages.ts, MESSAGES), in the reader's language; in
 * English the spec's words exactly (auth-errors.test.ts checks).
 */
export const AUTH_TEXT = {
  loggedIn: msg`Successfully logged in`,
  loggedInWithGoogle: msg`Successfully logged in with Google account`,
  redirectError: msg`Error handling redirect result`,
  linkGoogleError: msg`Error linking to Google account`,
  noTokenFound: msg`No token found.`,
  invalidEmail: msg`Please enter a valid email`,
  shortPassword: msg`${plural(PASSWORD_MIN_LENGTH, {
    one: 'Password must contain at least # character',
    other: 'Password must contain at least # characters',
  })}`,
} as const satisfies Partial<Record<keyof typeof MESSAGES, MessageDescriptor>>;

/** Where an error happened: signing in, registering or linking, or anything else. */
export type AuthErrorContext = 'sign-in' | 'sign-up' | 'other';

const BY_CODE: Readonly<Record<string, MessageDescriptor>> = {
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
const SIGN_IN_BY_CODE: Readonly<Record<string, MessageDescriptor>> = {
  'wrong-password': SIGN_IN_TEXT.wrongPassword,
  'user-not-found': SIGN_IN_TEXT.emailNotFound,
  'invalid-email': SIGN_IN_TEXT.invalidEmail,
  'invalid-credential': SIGN_IN_TEXT.invalidCredentials,
  'too-many-requests': SIGN_IN_TEXT.tooManyRequests,
};

/** ...and their sign-up variant while registering or linking an account. */
const SIGN_UP_BY_CODE: Readonly<Record<string, MessageDescriptor>> = {
  'email-already-in-use': SIGN_IN_TEXT.emailAlreadyUsed,
  'credential-already-in-use': SIGN_IN_TEXT.emailAlreadyUsed,
  'invalid-email': SIGN_IN_TEXT.invalidEmail,
  'invalid-credential': SIGN_IN_TEXT.invalidCredentials,
  'too-many-requests': SIGN_IN_TEXT.tooManyRequests,
};

const BY_CONTEXT: Readonly<Record<AuthErrorContext, Readonly<Record<string, MessageDescriptor>>>> = {
  'sign-in': SIGN_IN_BY_CODE,
  'sign-up': SIGN_UP_BY_CODE,
  other: {},
};

/** `auth/wrong-password` -> `wrong-password`. */
export function authErrorCode(code: string): string {
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

/** The text for a Firebase Auth error code, in the context where it happened, in the reader's language. */
export function authErrorMessage(code: string, context: AuthErrorContext = 'other'): string {
  const bare = authErrorCode(code);
  return i18n._(BY_CONTEXT[context][bare] ?? BY_CODE[bare] ?? AUTH_ERROR_MESSAGES.unknown);
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
  return code === undefined ? i18n._(AUTH_ERROR_MESSAGES.unknown) : authErrorMessage(code, context);
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
