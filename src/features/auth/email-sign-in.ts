import { EMAIL_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../../../core/constants';
import { i18n } from '@lingui/core';
import { AUTH_TEXT, authErrorCode, AuthStepError, codeOf } from './auth-errors';

export type CredentialsCheck = { ok: true; email: string; password: string } | { ok: false; warning: string };

/** Trims and lowercases the e-mail and checks its length (spec section 5); warns in the reader's language. */
export function checkEmail(rawEmail: string): { ok: true; email: string } | { ok: false; warning: string } {
  const email = rawEmail.trim().toLowerCase();
  return email.length < EMAIL_MIN_LENGTH ? { ok: false, warning: i18n._(AUTH_TEXT.invalidEmail) } : { ok: true, email };
}

/** Trims both, lowercases the e-mail and checks the lengths (spec section 5). */
export function checkCredentials(rawEmail: string, rawPassword: string): CredentialsCheck {
  const checked = checkEmail(rawEmail);
  if (!checked.ok) return checked;
  const { email } = checked;
  const password = rawPassword.trim();
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, warning: i18n._(AUTH_TEXT.shortPassword) };
  return { ok: true, email, password };
}

/** What is wrong with each field of the e-mail form (empty when it can be sent), with the spec's warnings. */
export function credentialErrors(rawEmail: string, rawPassword: string): { email?: string; password?: string } {
  const email = checkEmail(rawEmail);
  const errors: { email?: string; password?: string } = {};
  if (!email.ok) errors.email = email.warning;
  if (rawPassword.trim().length < PASSWORD_MIN_LENGTH) errors.password = i18n._(AUTH_TEXT.shortPassword);
  return errors;
}

export interface EmailAuth<TUser> {
  signIn: (email: string, password: string) => Promise<TUser>;
  register: (email: string, password: string) => Promise<TUser>;
}

/**
 * Signs in, or registers when no account has that e-mail (spec section 5). Firebase answers
 * `user-not-found` for a missing account, but with e-mail enumeration protection it answers
 * `invalid-credential` for both a missing account and a wrong password; then registering
 * tells them apart: `email-already-in-use` means the account exists and the password was
 * wrong, so the original sign-in error is the one to report. Errors are AuthStepErrors,
 * tagged with the step whose message applies.
 */
export async function signInOrRegister<TUser>(
  auth: EmailAuth<TUser>,
  email: string,
  password: string,
): Promise<{ user: TUser; registered: boolean }> {
  try {
    return { user: await auth.signIn(email, password), registered: false };
  } catch (signInError) {
    const code = authErrorCode(codeOf(signInError) ?? '');
    if (code !== 'user-not-found' && code !== 'invalid-credential') throw new AuthStepError('sign-in', signInError);
    try {
      return { user: await auth.register(email, password), registered: true };
    } catch (registerError) {
      const exists = authErrorCode(codeOf(registerError) ?? '') === 'email-already-in-use';
      throw exists && code === 'invalid-credential'
        ? new AuthStepError('sign-in', signInError)
        : new AuthStepError('sign-up', registerError);
    }
  }
}

export interface EmailLink<TUser> {
  /** Links the e-mail and password to the signed-in anonymous user (same uid). */
  link: (email: string, password: string) => Promise<TUser>;
  signIn: (email: string, password: string) => Promise<TUser>;
}

const IN_USE_CODES: ReadonlySet<string> = new Set(['email-already-in-use', 'credential-already-in-use']);

/**
 * Turns an anonymous account into an e-mail one, keeping its uid and everything it made.
 * When the e-mail already has an account, linking is impossible: the person owns that
 * account (the password proves it), so they are signed in to it instead.
 */
export async function linkOrSignIn<TUser>(
  auth: EmailLink<TUser>,
  email: string,
  password: string,
): Promise<{ user: TUser; linked: boolean }> {
  try {
    return { user: await auth.link(email, password), linked: true };
  } catch (linkError) {
    if (!IN_USE_CODES.has(authErrorCode(codeOf(linkError) ?? ''))) throw new AuthStepError('sign-up', linkError);
    try {
      return { user: await auth.signIn(email, password), linked: false };
    } catch (signInError) {
      throw new AuthStepError('sign-in', signInError);
    }
  }
}
