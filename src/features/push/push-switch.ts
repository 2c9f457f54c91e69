import type { User } from '../../../core/user';
import { updateMe } from '../../api/me.api';
import { toast } from '../../components/toast/use-toast';
import { setCurrentUser } from '../../state/app.state';
import {
  permissionText,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  pushErrorText,
  PushTimeoutError,
  shouldRequestPermission,
  supportText,
  withTimeout,
} from './push-decisions';
import { currentPushSupport, subscribeDevice, unsubscribeDevice } from './push-device';
import { PUSH_TEXT } from './push.text';

export type PermissionOutcome = { ok: true } | { ok: false; text: string };

/**
 * Asks for notification permission. Call it synchronously from the user's gesture (the
 * Notifications switch), before any other await: browsers ignore requests made later.
 */
export function askPushPermission(): Promise<PermissionOutcome> {
  const support = currentPushSupport();
  if (support !== 'supported') return Promise.resolve({ ok: false, text: supportText(support) });
  const before = Notification.permission;
  if (!shouldRequestPermission(before)) {
    const text = permissionText(before, false);
    return Promise.resolve(text === null ? { ok: true } : { ok: false, text });
  }
  return Notification.requestPermission().then(
    (answer) => {
      const text = permissionText(answer, true);
      return text === null ? { ok: true } : { ok: false, text };
    },
    (error: unknown) => ({ ok: false, text: pushErrorText('subscribe', error) }),
  );
}

/**
 * After the setting was saved on: subscribes this device once permission is granted; says why
 * not otherwise, also when the push service does not answer within PUSH_SUBSCRIBE_TIMEOUT_MS.
 * Answers whether this device is now subscribed.
 */
export async function enablePushOnDevice(uid: string, permission: Promise<PermissionOutcome>): Promise<boolean> {
  const outcome = await permission;
  if (!outcome.ok) {
    toast.warning(outcome.text);
    return false;
  }
  try {
    // A late answer after the timeout still completes in the background; the next load syncs it.
    await withTimeout(subscribeDevice(uid, Date.now()), PUSH_SUBSCRIBE_TIMEOUT_MS, () => new PushTimeoutError());
    toast.success(PUSH_TEXT.enabled);
    return true;
  } catch (error) {
    console.warn('Push subscribe failed', error);
    toast.error(pushErrorText('subscribe', error));
    return false;
  }
}

/** After the setting was saved off: unsubscribes this device; says so when that fails. */
export async function disablePushOnDevice(): Promise<boolean> {
  try {
    await unsubscribeDevice();
    return true;
  } catch (error) {
    console.warn('Push unsubscribe failed', error);
    toast.error(pushErrorText('unsubscribe', error));
    return false;
  }
}

/**
 * Turns notifications on for the account and this device, from a button outside the settings
 * (the card after the first post). `permission` is askPushPermission(), called in the gesture.
 * If this device cannot be subscribed, the account goes back to off. Answers whether it is on.
 */
export async function turnOnNotifications(permission: Promise<PermissionOutcome>): Promise<boolean> {
  const saved: User = await updateMe({ enableNotifications: true });
  setCurrentUser(saved);
  const subscribed = await enablePushOnDevice(saved.uid, permission);
  if (!subscribed) setCurrentUser(await updateMe({ enableNotifications: false }));
  return subscribed;
}
