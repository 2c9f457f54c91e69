import type { PushSubscriptionBody } from '../../../core/push-api';
import { loadConfig } from '../../api/config.api';
import { fetchPushPublicKey, registerPushSubscription, unregisterPushEndpoint, unregisterPushToken } from '../../api/push.api';
import { currentLocale } from '../../i18n/locale';
import { isStandaloneDisplay } from '../../lib/display-mode';
import {
  actionOnLoad,
  isIosDevice,
  NoPushTokenError,
  pushSupport,
  type PushEnvironment,
  type PushSupport,
  type StoredPushToken,
} from './push-decisions';

/** localStorage key of this device's push token ({ token, uid, registeredAt }). */
const PUSH_TOKEN_STORAGE_KEY = 'plop.pushToken';

/** How long to wait for the service worker before giving up (dev builds have none). */
const WORKER_READY_TIMEOUT_MS = 10_000;

function pushEnvironment(): PushEnvironment {
  const hasWindow = typeof window !== 'undefined';
  return {
    hasServiceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    hasPushManager: hasWindow && 'PushManager' in window,
    hasNotification: hasWindow && 'Notification' in window,
    isIos: typeof navigator !== 'undefined' && isIosDevice(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    standalone: hasWindow && typeof window.matchMedia === 'function' && isStandaloneDisplay(),
  };
}

export function currentPushSupport(): PushSupport {
  return pushSupport(pushEnvironment());
}

function readStoredToken(): StoredPushToken | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PUSH_TOKEN_STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { token, uid, registeredAt } = value as Partial<Record<keyof StoredPushToken, unknown>>;
    if (typeof token !== 'string' || typeof uid !== 'string' || typeof registeredAt !== 'number') return null;
    return { token, uid, registeredAt };
  } catch {
    // A corrupt entry is as good as none: the next registration overwrites it.
    return null;
  }
}

function storeToken(stored: StoredPushToken | null): void {
  if (stored === null) localStorage.removeItem(PUSH_TOKEN_STORAGE_KEY);
  else localStorage.setItem(PUSH_TOKEN_STORAGE_KEY, JSON.stringify(stored));
}

/** base64url (the VAPID public key) to bytes, for `applicationServerKey`. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function vapidPublicKey(): Promise<string> {
  try {
    const key = (await loadConfig()).vapidPublicKey;
    if (key) return key;
  } catch (error) {
    // The config is only a shortcut: the key has its own route.
    console.warn('Config unavailable for the push key', error);
  }
  return fetchPushPublicKey();
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  if (existing) return existing;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('No service worker is active')), WORKER_READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function existingSubscription(): Promise<PushSubscription | null> {
  if (currentPushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  return registration ? registration.pushManager.getSubscription() : null;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** Sends the subscription to the server and keeps the token it answers. */
async function register(uid: string, subscription: PushSubscription, applicationPubKey: string, now: number): Promise<void> {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('The browser gave an incomplete push subscription');
  const body: PushSubscriptionBody = {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    applicationPubKey,
    // The pushes' words when the account chose no language (re-registered on each page load: usePushSync).
    language: currentLocale(),
  };
  const token = await registerPushSubscription(body);
  if (!token) throw new NoPushTokenError();
  storeToken({ token, uid, registeredAt: now });
}

/**
 * Subscribes this device (permission must already be granted) and registers it for `uid`.
 * `fresh` drops any existing subscription first (the weekly refresh).
 */
export async function subscribeDevice(uid: string, now: number, fresh = false): Promise<void> {
  const registration = await workerRegistration();
  const key = await vapidPublicKey();
  const keyBytes = base64UrlToBytes(key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && (fresh || !sameKey(subscription, keyBytes))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes });
  await register(uid, subscription, key, now);
}

/** Whether this device really gets push notifications: subscribed in the browser and registered with the server. */
export async function isDeviceSubscribed(): Promise<boolean> {
  if (readStoredToken() === null) return false;
  return (await existingSubscription()) !== null;
}

/** Unsubscribes this device in the browser and on the server (by token, else by endpoint). */
export async function unsubscribeDevice(): Promise<void> {
  const stored = readStoredToken();
  const subscription = await existingSubscription();
  let serverError: Error | null = null;
  try {
    if (stored) await unregisterPushToken(stored.token);
    else if (subscription) await unregisterPushEndpoint(subscription.endpoint);
    storeToken(null);
  } catch (error) {
    // The browser side still goes: the server drops the row once the push service answers 410.
    serverError = error instanceof Error ? error : new Error(String(error));
  }
  if (subscription) await subscription.unsubscribe();
  if (serverError !== null) throw serverError;
}

/**
 * On app load with a signed-in user: re-registers an existing subscription (the server may
 * have dropped it) and refreshes it once its token is a week old. Never asks for permission.
 */
export async function syncPushOnLoad(user: { uid: string; enableNotifications: boolean }, now: number): Promise<void> {
  const support = currentPushSupport();
  if (support !== 'supported') return;
  const subscription = await existingSubscription();
  const action = actionOnLoad({
    uid: user.uid,
    enableNotifications: user.enableNotifications,
    support,
    permission: Notification.permission,
    hasSubscription: subscription !== null,
    stored: readStoredToken(),
    now,
  });
  if (action === 'none') return;
  await subscribeDevice(user.uid, now, action === 'refresh');
}

/** Sign-out: unsubscribes this device, best effort, never longer than `timeoutMs`. */
export async function unsubscribeOnSignOut(timeoutMs = 3000): Promise<void> {
  if (readStoredToken() === null && (await existingSubscription().catch(() => null)) === null) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([unsubscribeDevice(), timeout]);
  } catch (error) {
    // Signing out matters more; the server drops the subscription when the push service answers 410.
    console.warn('Could not unsubscribe this device from push on sign-out', error);
  } finally {
    clearTimeout(timer);
    storeToken(null);
  }
}
