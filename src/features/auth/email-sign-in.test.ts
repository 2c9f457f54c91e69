import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { activateLocale } from '../../i18n/i18n';
import { messageForError } from './auth-errors';
import { checkCredentials, checkEmail, linkOrSignIn, signInOrRegister, type EmailAuth, type EmailLink } from './email-sign-in';

// The warnings as an English reader reads them: the spec's words.
await activateLocale('en');

describe('checkCredentials', () => {
  it('trims both and lowercases the e-mail', () => {
    expect(checkCredentials('  Ann@Example.COM ', ' secret1 ')).toEqual({
      ok: true,
      email: 'ann@example.com',
      password: 'secret1',
    });
  });

  it('warns about an e-mail shorter than 5 characters, after trimming', () => {
    expect(checkCredentials('   a@b ', 'secret1')).toEqual({ ok: false, warning: MESSAGES.invalidEmail });
    expect(checkCredentials('', 'secret1')).toEqual({ ok: false, warning: MESSAGES.invalidEmail });
    expect(checkCredentials('a@b.c', 'secret1').ok).toBe(true);
  });

  it('warns about a password shorter than 6 characters, after trimming', () => {
    expect(checkCredentials('ann@example.com', ' 12345 ')).toEqual({ ok: false, warning: MESSAGES.shortPassword });
    expect(checkCredentials('ann@example.com', '123456').ok).toBe(true);
  });

  it('checks the e-mail first', () => {
    expect(checkCredentials('a', '1')).toEqual({ ok: false, warning: MESSAGES.invalidEmail });
  });
});

describe('checkEmail', () => {
  it('trims and lowercases', () => {
    expect(checkEmail(' Ann@Example.COM ')).toEqual({ ok: true, email: 'ann@example.com' });
  });

  it('needs at least 5 characters', () => {
    expect(checkEmail('a@b.')).toEqual({ ok: false, warning: 'Please enter a valid email' });
  });
});

function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(code), { code });
}

function fakeAuth(outcomes: { signIn: string | null; register?: string | null }) {
  const calls: string[] = [];
  const auth: EmailAuth<string> = {
    signIn: async (email) => {
      calls.push('signIn');
      if (outcomes.signIn) throw firebaseError(outcomes.signIn);
      return `signed-in:${email}`;
    },
    register: async (email) => {
      calls.push('register');
      if (outcomes.register) throw firebaseError(outcomes.register);
      return `registered:${email}`;
    },
  };
  return { auth, calls };
}

describe('signInOrRegister', () => {
  it('signs in an existing account', async () => {
    const { auth, calls } = fakeAuth({ signIn: null });
    await expect(signInOrRegister(auth, 'a@b.co', 'secret1')).resolves.toEqual({ user: 'signed-in:a@b.co', registered: false });
    expect(calls).toEqual(['signIn']);
  });

  it.each(['auth/user-not-found', 'auth/invalid-credential'])('registers after %s', async (code) => {
    const { auth, calls } = fakeAuth({ signIn: code, register: null });
    await expect(signInOrRegister(auth, 'a@b.co', 'secret1')).resolves.toEqual({ user: 'registered:a@b.co', registered: true });
    expect(calls).toEqual(['signIn', 'register']);
  });

  it('reports the sign-in error when the account exists (wrong password)', async () => {
    const { auth } = fakeAuth({ signIn: 'auth/invalid-credential', register: 'auth/email-already-in-use' });
    const failure = signInOrRegister(auth, 'a@b.co', 'secret1');
    await expect(failure).rejects.toMatchObject({ code: 'auth/invalid-credential', step: 'sign-in' });
    expect(messageForError(await failure.catch((error: unknown) => error))).toBe('Invalid credentials.');
  });

  it('reports the registration error otherwise, as the sign-up variant', async () => {
    const { auth } = fakeAuth({ signIn: 'auth/user-not-found', register: 'auth/email-already-in-use' });
    const failure = signInOrRegister(auth, 'a@b.co', 'secret1');
    await expect(failure).rejects.toMatchObject({ code: 'auth/email-already-in-use', step: 'sign-up' });
    expect(messageForError(await failure.catch((error: unknown) => error))).toBe('Invalid credentials. This email is already being used');
  });

  it('does not register after other sign-in errors', async () => {
    const { auth, calls } = fakeAuth({ signIn: 'auth/wrong-password' });
    const failure = signInOrRegister(auth, 'a@b.co', 'secret1');
    await expect(failure).rejects.toMatchObject({ code: 'auth/wrong-password', step: 'sign-in' });
    expect(messageForError(await failure.catch((error: unknown) => error))).toBe('Wrong password.');
    expect(calls).toEqual(['signIn']);
  });

  it('shows the spec text for too many attempts', async () => {
    const { auth } = fakeAuth({ signIn: 'auth/too-many-requests' });
    const failure = signInOrRegister(auth, 'a@b.co', 'secret1');
    expect(messageForError(await failure.catch((error: unknown) => error))).toBe('Too many requests, try again later.');
  });
});

function fakeLink(outcomes: { link: string | null; signIn?: string | null }) {
  const calls: string[] = [];
  const auth: EmailLink<string> = {
    link: async (email) => {
      calls.push('link');
      if (outcomes.link) throw firebaseError(outcomes.link);
      return `linked:${email}`;
    },
    signIn: async (email) => {
      calls.push('signIn');
      if (outcomes.signIn) throw firebaseError(outcomes.signIn);
      return `signed-in:${email}`;
    },
  };
  return { auth, calls };
}

describe('linkOrSignIn', () => {
  it('links a new e-mail to the guest account', async () => {
    const { auth, calls } = fakeLink({ link: null });
    await expect(linkOrSignIn(auth, 'a@b.co', 'secret1')).resolves.toEqual({ user: 'linked:a@b.co', linked: true });
    expect(calls).toEqual(['link']);
  });

  it.each(['auth/email-already-in-use', 'auth/credential-already-in-use'])('signs in to the existing account after %s', async (code) => {
    const { auth, calls } = fakeLink({ link: code, signIn: null });
    await expect(linkOrSignIn(auth, 'a@b.co', 'secret1')).resolves.toEqual({ user: 'signed-in:a@b.co', linked: false });
    expect(calls).toEqual(['link', 'signIn']);
  });

  it('reports a wrong password for the existing account as a sign-in error', async () => {
    const { auth } = fakeLink({ link: 'auth/email-already-in-use', signIn: 'auth/wrong-password' });
    const error = await linkOrSignIn(auth, 'a@b.co', 'secret1').catch((failure: unknown) => failure);
    expect(messageForError(error)).toBe('Wrong password.');
  });

  it('reports other linking errors as sign-up errors without signing in', async () => {
    const { auth, calls } = fakeLink({ link: 'auth/weak-password' });
    const error = await linkOrSignIn(auth, 'a@b.co', 'secret1').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'auth/weak-password', step: 'sign-up' });
    expect(calls).toEqual(['link']);
  });
});
