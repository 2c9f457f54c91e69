import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, SIGN_IN_MESSAGES } from '../../../core/messages';
import { ApiError } from '../../api/api-error';
import { activateLocale } from '../../i18n/i18n';
import {
  AUTH_ERROR_MESSAGES,
  AUTH_TEXT,
  AuthStepError,
  authErrorField,
  authErrorMessage,
  messageForError,
  SIGN_IN_TEXT,
} from './auth-errors';

// The texts as an English reader sees them (the spec's words); Italian where a test says so.
await activateLocale('en');
afterEach(() => activateLocale('en'));
const english = (key: keyof typeof AUTH_ERROR_MESSAGES) => i18n._(AUTH_ERROR_MESSAGES[key]);

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/invalid-user-token', 'Your session has expired. Please sign in again.'],
    ['auth/user-token-expired', 'Your session has expired. Please sign in again.'],
    ['auth/network-request-failed', 'Network error. Please try again.'],
    ['auth/email-already-in-use', 'This email is already in use by another account.'],
    ['auth/weak-password', 'Your password is too weak.'],
    ['auth/wrong-password', 'Your password is incorrect.'],
    ['auth/invalid-credential', 'Your credentials are invalid or expired.'],
  ])('maps %s to the spec text', (code, text) => {
    expect(authErrorMessage(code)).toBe(text);
  });

  it('accepts codes without the auth/ prefix', () => {
    expect(authErrorMessage('wrong-password')).toBe(english('wrongPassword'));
  });

  it.each([
    'app-deleted',
    'app-not-authorized',
    'argument-error',
    'invalid-api-key',
    'operation-not-allowed',
    'requires-recent-login',
    'too-many-requests',
    'unauthorized-domain',
    'user-disabled',
    'web-storage-unsupported',
    'invalid-email',
    'operation-not-supported-in-this-environment',
  ])('gives the recognised code %s a text of its own', (code) => {
    const text = authErrorMessage(`auth/${code}`);
    expect(text).not.toBe(english('unknown'));
    expect(text.length).toBeGreaterThan(0);
  });

  it('reuses the spec toasts for the recognised codes they cover', () => {
    expect(authErrorMessage('auth/too-many-requests')).toBe('Too many requests, try again later.');
    expect(authErrorMessage('auth/invalid-email')).toBe('Invalid email.');
  });

  it.each(['auth/popup-blocked', 'auth/user-not-found', 'something-else', ''])('maps %j to the unknown text', (code) => {
    expect(authErrorMessage(code)).toBe('An unknown error occurred.');
  });
});

describe('authErrorMessage while signing in', () => {
  it.each([
    ['auth/wrong-password', 'Wrong password.'],
    ['auth/user-not-found', 'Email not found.'],
    ['auth/invalid-email', 'Invalid email.'],
    ['auth/invalid-credential', 'Invalid credentials.'],
    ['auth/too-many-requests', 'Too many requests, try again later.'],
  ])('maps %s to the sign-in toast', (code, text) => {
    expect(authErrorMessage(code, 'sign-in')).toBe(text);
  });

  it('falls back to the general texts, then to unknown', () => {
    expect(authErrorMessage('auth/network-request-failed', 'sign-in')).toBe(english('network'));
    expect(authErrorMessage('auth/user-disabled', 'sign-in')).toBe(english('userDisabled'));
    expect(authErrorMessage('auth/nope', 'sign-in')).toBe(english('unknown'));
  });
});

describe('authErrorMessage while signing up or linking', () => {
  it.each(['auth/email-already-in-use', 'auth/credential-already-in-use'])('gives %s the sign-up variant', (code) => {
    expect(authErrorMessage(code, 'sign-up')).toBe('Invalid credentials. This email is already being used');
  });

  it('keeps the general text for a weak password', () => {
    expect(authErrorMessage('auth/weak-password', 'sign-up')).toBe(english('weakPassword'));
  });
});

describe('messageForError', () => {
  it('reads the code of a thrown Firebase error', () => {
    expect(messageForError({ code: 'auth/weak-password', message: 'x' })).toBe(english('weakPassword'));
  });

  it('uses the step an AuthStepError names', () => {
    expect(messageForError(new AuthStepError('sign-in', firebaseError('auth/wrong-password')))).toBe(SIGN_IN_MESSAGES.wrongPassword);
    expect(messageForError(new AuthStepError('sign-up', firebaseError('auth/email-already-in-use')))).toBe(
      SIGN_IN_MESSAGES.emailAlreadyUsed,
    );
  });

  it('uses the context it is given for a bare Firebase error', () => {
    expect(messageForError(firebaseError('auth/user-not-found'), 'sign-in')).toBe(SIGN_IN_MESSAGES.emailNotFound);
  });

  it("words an API error's code itself (never the server's English), or the network text when there was no answer", () => {
    expect(messageForError(new ApiError(401, 'unauthenticated', 'Sign in again'))).toBe('Please sign in.');
    expect(messageForError(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe(english('network'));
  });

  it.each([new Error('boom'), null, 'auth/weak-password', { code: 42 }])('is unknown for %j', (error) => {
    expect(messageForError(error)).toBe(english('unknown'));
  });
});

describe('authErrorField: an error about one field shows on it, the rest as a toast', () => {
  it.each([
    ['auth/wrong-password', 'password'],
    ['auth/invalid-credential', 'password'],
    ['auth/weak-password', 'password'],
    ['auth/user-not-found', 'email'],
    ['auth/invalid-email', 'email'],
    ['auth/email-already-in-use', 'email'],
  ] as const)('%s belongs on the %s field, tagged with its step or not', (code, field) => {
    expect(authErrorField(firebaseError(code))).toBe(field);
    expect(authErrorField(new AuthStepError('sign-in', firebaseError(code)))).toBe(field);
  });

  it('leaves the network, too many requests and API errors to a toast', () => {
    expect(authErrorField(new AuthStepError('sign-in', firebaseError('auth/network-request-failed')))).toBeUndefined();
    expect(authErrorField(firebaseError('auth/too-many-requests'))).toBeUndefined();
    expect(authErrorField(new ApiError(500, 'internal', 'Boom'))).toBeUndefined();
    expect(authErrorField(new Error('no code'))).toBeUndefined();
  });
});

describe('the spec texts of signing in', () => {
  it("are, in English, the spec's words exactly (core/messages.ts)", () => {
    for (const [key, descriptor] of Object.entries(SIGN_IN_TEXT))
      expect(i18n._(descriptor), key).toBe(SIGN_IN_MESSAGES[key as keyof typeof SIGN_IN_MESSAGES]);
    for (const [key, descriptor] of Object.entries(AUTH_TEXT)) expect(i18n._(descriptor), key).toBe(MESSAGES[key as keyof typeof MESSAGES]);
  });

  it('are said in Italian to an Italian reader', async () => {
    await activateLocale('it');
    expect(messageForError(new AuthStepError('sign-in', firebaseError('auth/wrong-password')))).toBe('Password sbagliata.');
    expect(authErrorMessage('auth/weak-password', 'sign-up')).toBe('La tua password è troppo debole.');
    expect(i18n._(AUTH_TEXT.shortPassword)).toBe('La password deve avere almeno 6 caratteri');
  });
});
