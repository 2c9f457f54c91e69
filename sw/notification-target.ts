import type { PushPayload } from '../core/push-api';

/** What a shown notification keeps (`Notification.data`): its link and each button's link. */
export interface NotificationData {
  link: string;
  actions: Record<string, string>;
}

const FALLBACK = '/root/notifications';

export function notificationData(payload: PushPayload): NotificationData {
  return { link: payload.link, actions: Object.fromEntries(payload.actions.map(({ action, link }) => [action, link])) };
}

function appPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : undefined;
}

/**
 * Where a click on a notification leads: the pressed button's link ("Reply", "Open"), else the
 * notification's own; only paths of this app (data written by an older worker may lack fields).
 */
export function notificationTarget(data: unknown, action: string): string {
  const value = (typeof data === 'object' && data !== null ? data : {}) as Partial<Record<keyof NotificationData, unknown>>;
  const actions = (typeof value.actions === 'object' && value.actions !== null ? value.actions : {}) as Record<string, unknown>;
  return (action !== '' ? appPath(actions[action]) : undefined) ?? appPath(value.link) ?? FALLBACK;
}
