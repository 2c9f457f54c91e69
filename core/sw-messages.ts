/**
 * Messages the app posts to its service worker. Both sides type them from here, so the
 * app (src/) and the worker (sw/) never import each other.
 */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

export type AppToSwMessage = SkipWaitingMessage;

/** Asks a waiting worker to activate; the app sends it only when the user presses Reload. */
export const SKIP_WAITING_MESSAGE: SkipWaitingMessage = { type: 'SKIP_WAITING' };

const APP_TO_SW_TYPES: ReadonlySet<string> = new Set<AppToSwMessage['type']>(['SKIP_WAITING']);

/** Narrows a `message` event's data, which any page of the origin can post. */
export function isAppToSwMessage(data: unknown): data is AppToSwMessage {
  if (typeof data !== 'object' || data === null || !('type' in data)) return false;
  const { type } = data;
  return typeof type === 'string' && APP_TO_SW_TYPES.has(type);
}
