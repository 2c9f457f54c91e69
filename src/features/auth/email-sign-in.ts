import { EMAIL_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { authErrorCode, codeOf } from './auth-errors';

export type CredentialsCheck =
  | { ok: true; email: string; password: string }
  | { ok: false; warning: string };

/** Trims both, lowercases the e-mail and checks the lengths (spec section 5). */
export function checkCredentials(rawEmail: string, rawPassword: string): CredentialsCheck {
  const email = rawEmail.trim().toLowerCase();
  const password = rawPassword.trim();
  if (email.length < EMAIL_MIN_LENGTH) return { ok: false, warning: MESSAGES.invalidEmail };
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, warning: MESSAGES.shortPassword };
  return { ok: true, email, password };
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
 * wrong, so the original sign-in error is the one to report.
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
    if (code !== 'user-not-found' && code !== 'invalid-credential') throw signInError;
    try {
      return { user: await auth.register(email, password), registered: true };
    } catch (registerError) {
      const exists = authErrorCode(codeOf(registerError) ?? '') === 'email-already-in-use';
      throw exists && code === 'invalid-credential' ? signInError : registerError;
    }
  }
}
