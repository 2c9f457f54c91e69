import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { AUTH_ERROR_MESSAGES, authErrorMessage, messageForError } from './auth-errors';

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
    expect(authErrorMessage('wrong-password')).toBe(AUTH_ERROR_MESSAGES.wrongPassword);
  });

  it.each(['auth/too-many-requests', 'auth/user-disabled', 'auth/invalid-email', 'something-else', ''])(
    'maps %j to the unknown text',
    (code) => {
      expect(authErrorMessage(code)).toBe('An unknown error occurred.');
    },
  );
});

describe('messageForError', () => {
  it('reads the code of a thrown Firebase error', () => {
    expect(messageForError({ code: 'auth/weak-password', message: 'x' })).toBe(AUTH_ERROR_MESSAGES.weakPassword);
  });

  it("shows an API error's message, or the network text when there was no answer", () => {
    expect(messageForError(new ApiError(401, 'unauthenticated', 'Sign in again'))).toBe('Sign in again');
    expect(messageForError(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe(AUTH_ERROR_MESSAGES.network);
  });

  it.each([new Error('boom'), null, 'auth/weak-password', { code: 42 }])('is unknown for %j', (error) => {
    expect(messageForError(error)).toBe(AUTH_ERROR_MESSAGES.unknown);
  });
});
