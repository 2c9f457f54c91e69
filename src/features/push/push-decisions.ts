import { PUSH_TOKEN_REFRESH_DAYS } from '../../../core/constants';
import { PUSH_TEXT } from './push.text';

/**
 * Pure rules of the Web Push client: whether this browser can subscribe, what to do on app
 * load, and which text explains a failure. Time and browser facts are passed in.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PushEnvironment {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  /** iPhone, iPad or iPod (iPadOS reports itself as a Mac with touch). */
  isIos: boolean;
  /** The app runs installed (display-mode standalone or navigator.standalone). */
  standalone: boolean;
}

export type PushSupport = 'supported' | 'unsupported' | 'ios-not-installed';

export function pushSupport(env: PushEnvironment): PushSupport {
  if (env.hasServiceWorker && env.hasPushManager && env.hasNotification) return 'supported';
  // iOS Safari offers Web Push only to apps added to the Home Screen.
  if (env.isIos && !env.standalone) return 'ios-not-installed';
  return 'unsupported';
}

/** iOS (including iPadOS, which says it is a Mac) from the user agent and touch points. */
export function isIosDevice(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/** The text for a support state other than 'supported'. */
export function supportText(support: Exclude<PushSupport, 'supported'>): string {
  return support === 'ios-not-installed' ? PUSH_TEXT.iosNotInstalled : PUSH_TEXT.unsupported;
}

/** The token the server answered for this device, who it was for and when (ms since epoch). */
export interface StoredPushToken {
  token: string;
  uid: string;
  registeredAt: number;
}

export function isTokenStale(registeredAt: number, now: number): boolean {
  return now - registeredAt >= PUSH_TOKEN_REFRESH_DAYS * DAY_MS;
}

export interface LoadState {
  /** The signed-in user's uid, or null. */
  uid: string | null;
  enableNotifications: boolean;
  support: PushSupport;
  permission: NotificationPermission;
  hasSubscription: boolean;
  stored: StoredPushToken | null;
  now: number;
}

/**
 * What to do when the app loads: nothing, re-register the existing subscription, or refresh it
 * (unsubscribe, subscribe again, register) when its token is PUSH_TOKEN_REFRESH_DAYS old.
 * Never asks for permission: that only follows a user gesture.
 */
export function actionOnLoad(state: LoadState): 'none' | 'register' | 'refresh' {
  if (state.uid === null || !state.enableNotifications) return 'none';
  if (state.support !== 'supported' || state.permission !== 'granted' || !state.hasSubscription) return 'none';
  if (state.stored === null || state.stored.uid !== state.uid) return 'register';
  return isTokenStale(state.stored.registeredAt, state.now) ? 'refresh' : 'register';
}

/** Before asking: 'denied' cannot be asked again (the browser does not show the prompt). */
export function shouldRequestPermission(permission: NotificationPermission): boolean {
  return permission === 'default';
}

/** The text for a permission answer other than 'granted' (null when granted). */
export function permissionText(permission: NotificationPermission, askedNow: boolean): string | null {
  if (permission === 'granted') return null;
  // 'denied' without a prompt shown now means the site is blocked; dismissing the prompt gives 'default'.
  if (permission === 'denied' && !askedNow) return PUSH_TEXT.blocked;
  return PUSH_TEXT.notGranted;
}

export type PushStep = 'subscribe' | 'unsubscribe' | 'update';

/**
 * How long turning notifications on may wait for the browser's push service (it cannot always be
 * reached: a firewall, no Google services): after this the switch says so instead of hanging.
 */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;

/** Thrown when subscribing took longer than PUSH_SUBSCRIBE_TIMEOUT_MS. */
export class PushTimeoutError extends Error {
  constructor() {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the developer's log; the switch words it (pushErrorText).
    super('The push service did not answer in time');
    this.name = 'PushTimeoutError';
  }
}

/** `work`, or a rejection with `timedOut()` once `ms` have passed without an answer. */
export async function withTimeout<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Thrown when the server answered without a token. */
export class NoPushTokenError extends Error {
  constructor() {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the developer's log; the switch words it (pushErrorText).
    super('No push token returned');
    this.name = 'NoPushTokenError';
  }
}

function errorName(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('name' in error)) return undefined;
  return typeof error.name === 'string' ? error.name : undefined;
}

/** The text for an error of a push step: browser DOMExceptions by name, server answers by their message. */
export function pushErrorText(step: PushStep, error: unknown): string {
  const name = errorName(error);
  if (error instanceof NoPushTokenError) return PUSH_TEXT.noToken;
  if (error instanceof PushTimeoutError) return PUSH_TEXT.subscribeTimedOut;
  if (name === 'NotAllowedError') return PUSH_TEXT.notGranted;
  if (name === 'NotSupportedError') return PUSH_TEXT.unsupported;
  if (name === 'ApiError' && typeof error === 'object' && error !== null && 'status' in error) {
    const { status, message } = error as { status: unknown; message: unknown };
    if (status === 0) return PUSH_TEXT.offline;
    // The server's own message (e.g. 'Push endpoints must be https URLs.') says what went wrong.
    if (typeof message === 'string' && message !== '') return `${stepText(step)} ${message}`;
  }
  return stepText(step);
}

function stepText(step: PushStep): string {
  switch (step) {
    case 'subscribe':
      return PUSH_TEXT.subscribeFailed;
    case 'unsubscribe':
      return PUSH_TEXT.unsubscribeFailed;
    case 'update':
      return PUSH_TEXT.updateFailed;
  }
}
