import { describe, expect, it } from 'vitest';
import { guardDecision, type GuardInput } from './guard';

const base: GuardInput = { hasUser: false, authResolved: false, isStandalone: false, isLocalhost: false };

describe('guardDecision', () => {
  it('lets a signed-in user in at once', () => {
    expect(guardDecision({ ...base, hasUser: true })).toBe('allow');
    expect(guardDecision({ ...base, hasUser: true, isLocalhost: true })).toBe('allow');
  });

  it('lets an installed (standalone) app in before auth has answered', () => {
    expect(guardDecision({ ...base, isStandalone: true })).toBe('allow');
  });

  it('on localhost only waits for the auth state, even standalone', () => {
    expect(guardDecision({ ...base, isLocalhost: true, isStandalone: true })).toBe('wait');
    expect(guardDecision({ ...base, isLocalhost: true, isStandalone: true, authResolved: true })).toBe('redirect');
  });

  it('renders nothing while undetermined', () => {
    expect(guardDecision(base)).toBe('wait');
  });

  it('redirects once the auth state reported no user', () => {
    expect(guardDecision({ ...base, authResolved: true })).toBe('redirect');
  });

  it('allows when the auth state later reports a user', () => {
    expect(guardDecision({ ...base, authResolved: true, hasUser: true })).toBe('allow');
  });
});
