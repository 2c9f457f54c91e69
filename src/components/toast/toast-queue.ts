/**
 * The toast box's queue as pure functions (state/app.state.ts holds it): toasts show one at a
 * time, in order, each for TOAST_DURATION_MS. A toast may belong to a group (a form, the
 * connection): a newer toast of the group replaces the older one instead of waiting behind it,
 * and a group's toasts can be dropped at once (the form succeeded, so its warnings are stale).
 */

export interface QueuedToast {
  id: number;
  /** Toasts of one group replace each other (e.g. 'sign-in-form'). */
  group?: string;
}

/** The queue with `toast` added: replacing its group's toast in place (on screen or waiting), else last. */
export function withToast<T extends QueuedToast>(queue: readonly T[], toast: T): T[] {
  if (toast.group === undefined) return [...queue, toast];
  const at = queue.findIndex((queued) => queued.group === toast.group);
  if (at === -1) return [...queue, toast];
  const rest = queue.filter((queued, index) => index === at || queued.group !== toast.group);
  return rest.map((queued, index) => (index === at ? toast : queued));
}

/** The queue without the toasts of `group`, the one on screen included. */
export function withoutGroup<T extends QueuedToast>(queue: readonly T[], group: string): T[] {
  return queue.filter((queued) => queued.group !== group);
}
