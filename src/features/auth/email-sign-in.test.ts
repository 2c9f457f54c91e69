import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { checkCredentials, signInOrRegister, type EmailAuth } from './email-sign-in';

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
    await expect(signInOrRegister(auth, 'a@b.co', 'secret1')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
  });

  it('reports the registration error otherwise', async () => {
    const { auth } = fakeAuth({ signIn: 'auth/user-not-found', register: 'auth/weak-password' });
    await expect(signInOrRegister(auth, 'a@b.co', 'secret1')).rejects.toMatchObject({ code: 'auth/weak-password' });
  });

  it('does not register after other sign-in errors', async () => {
    const { auth, calls } = fakeAuth({ signIn: 'auth/wrong-password' });
    await expect(signInOrRegister(auth, 'a@b.co', 'secret1')).rejects.toMatchObject({ code: 'auth/wrong-password' });
    expect(calls).toEqual(['signIn']);
  });
});
