import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PUSH_TOKEN_REFRESH_DAYS } from '../../../core/constants';
import { ApiError } from '../../api/api-error';
import { activateLocale } from '../../i18n/i18n';
import {
  actionOnLoad,
  isIosDevice,
  isTokenStale,
  NoPushTokenError,
  permissionText,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  pushErrorText,
  PushTimeoutError,
  pushSupport,
  shouldRequestPermission,
  withTimeout,
  supportText,
  type LoadState,
} from './push-decisions';
import { PUSH_TEXT } from './push.text';

beforeAll(() => activateLocale('en'));

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 12);

const full = { hasServiceWorker: true, hasPushManager: true, hasNotification: true, isIos: false, standalone: false };

describe('pushSupport', () => {
  it('is supported with a service worker, PushManager and Notification', () => {
    expect(pushSupport(full)).toBe('supported');
  });
  it.each(['hasServiceWorker', 'hasPushManager', 'hasNotification'] as const)('is unsupported without %s', (missing) => {
    expect(pushSupport({ ...full, [missing]: false })).toBe('unsupported');
  });
  it('asks iOS Safari outside an installed app to add Plop to the Home Screen', () => {
    const support = pushSupport({ ...full, hasPushManager: false, hasNotification: false, isIos: true });
    expect(support).toBe('ios-not-installed');
    expect(supportText('ios-not-installed')).toMatch(/Home Screen/);
    expect(supportText('ios-not-installed')).toMatch(/Share/);
  });
  it('calls an installed iOS app without push (old iOS) unsupported', () => {
    expect(pushSupport({ ...full, hasPushManager: false, isIos: true, standalone: true })).toBe('unsupported');
    expect(supportText('unsupported')).toBe(PUSH_TEXT.unsupported);
  });
});

describe('isIosDevice', () => {
  it('knows iPhone and iPadOS (a Mac with touch), not a desktop Mac', () => {
    expect(isIosDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'iPhone', 5)).toBe(true);
    expect(isIosDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(true);
    expect(isIosDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(false);
    expect(isIosDevice('Mozilla/5.0 (X11; Linux x86_64)', 'Linux x86_64', 0)).toBe(false);
  });
});

describe('actionOnLoad', () => {
  const base: LoadState = {
    uid: 'u1',
    enableNotifications: true,
    support: 'supported',
    permission: 'granted',
    hasSubscription: true,
    stored: { token: 't', uid: 'u1', registeredAt: NOW - DAY },
    now: NOW,
  };

  it('re-registers a fresh token on every load', () => {
    expect(actionOnLoad(base)).toBe('register');
  });
  it('refreshes a token PUSH_TOKEN_REFRESH_DAYS old, not a moment before', () => {
    const days = PUSH_TOKEN_REFRESH_DAYS * DAY;
    expect(actionOnLoad({ ...base, stored: { token: 't', uid: 'u1', registeredAt: NOW - days } })).toBe('refresh');
    expect(actionOnLoad({ ...base, stored: { token: 't', uid: 'u1', registeredAt: NOW - days + 1 } })).toBe('register');
    expect(isTokenStale(NOW - days - 1, NOW)).toBe(true);
  });
  it('registers when no token is stored or it belongs to another account', () => {
    expect(actionOnLoad({ ...base, stored: null })).toBe('register');
    expect(actionOnLoad({ ...base, stored: { token: 't', uid: 'other', registeredAt: NOW - 100 * DAY } })).toBe('register');
  });
  it.each<[string, Partial<LoadState>]>([
    ['signed out', { uid: null }],
    ['the setting off', { enableNotifications: false }],
    ['an unsupported browser', { support: 'unsupported' }],
    ['iOS outside the app', { support: 'ios-not-installed' }],
    ['permission not yet asked', { permission: 'default' }],
    ['permission denied', { permission: 'denied' }],
    ['no subscription', { hasSubscription: false }],
  ])('does nothing with %s (never asks on load)', (_, change) => {
    expect(actionOnLoad({ ...base, ...change })).toBe('none');
  });
});

describe('permission', () => {
  it('asks only when the browser has not been answered yet', () => {
    expect(shouldRequestPermission('default')).toBe(true);
    expect(shouldRequestPermission('granted')).toBe(false);
    expect(shouldRequestPermission('denied')).toBe(false);
  });
  it('says blocked for an earlier denial, not granted for a dismissal or denial now', () => {
    expect(permissionText('granted', true)).toBeNull();
    expect(permissionText('denied', false)).toBe(PUSH_TEXT.blocked);
    expect(permissionText('denied', true)).toBe(PUSH_TEXT.notGranted);
    expect(permissionText('default', true)).toBe(PUSH_TEXT.notGranted);
    expect(PUSH_TEXT.notGranted).toMatch(/browser settings/);
    expect(PUSH_TEXT.blocked).toMatch(/browser settings/);
  });
});

describe('pushErrorText', () => {
  it('maps each step to its own text', () => {
    expect(pushErrorText('subscribe', new Error('boom'))).toBe(PUSH_TEXT.subscribeFailed);
    expect(pushErrorText('unsubscribe', new Error('boom'))).toBe(PUSH_TEXT.unsubscribeFailed);
    expect(pushErrorText('update', 'weird')).toBe(PUSH_TEXT.updateFailed);
  });
  it('says so when no token came back', () => {
    expect(pushErrorText('subscribe', new NoPushTokenError())).toBe(PUSH_TEXT.noToken);
  });
  it('reads browser errors by name', () => {
    expect(pushErrorText('subscribe', new DOMException('no', 'NotAllowedError'))).toBe(PUSH_TEXT.notGranted);
    expect(pushErrorText('subscribe', new DOMException('no', 'NotSupportedError'))).toBe(PUSH_TEXT.unsupported);
    expect(pushErrorText('subscribe', new DOMException('push service', 'AbortError'))).toBe(PUSH_TEXT.subscribeFailed);
  });
  it("adds the server's message, and says offline when there was no answer", () => {
    const refused = new ApiError(400, 'validation_error', 'Push endpoints must be https URLs.');
    expect(pushErrorText('subscribe', refused)).toBe(`${PUSH_TEXT.subscribeFailed} Push endpoints must be https URLs.`);
    expect(pushErrorText('update', new ApiError(0, 'network_error', 'offline'))).toBe(PUSH_TEXT.offline);
  });
});

describe('withTimeout (the subscribe step never hangs)', () => {
  it('answers the work when it is in time', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 1_000, () => new PushTimeoutError())).resolves.toBe('ok');
  });

  it('rejects with the timeout error, whose text says what happened, when the push service never answers', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const outcome = withTimeout(never, PUSH_SUBSCRIBE_TIMEOUT_MS, () => new PushTimeoutError());
      const checked = expect(outcome).rejects.toBeInstanceOf(PushTimeoutError);
      await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS);
      await checked;
    } finally {
      vi.useRealTimers();
    }
    expect(PUSH_SUBSCRIBE_TIMEOUT_MS).toBe(10_000);
    expect(pushErrorText('subscribe', new PushTimeoutError())).toBe(PUSH_TEXT.subscribeTimedOut);
  });
});
