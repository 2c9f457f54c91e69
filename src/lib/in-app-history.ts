/**
 * Which in-app path each entry of this tab's history shows, by its history index (TanStack's
 * `__TSR_index` in the entry's state). The back arrow reads it: the previous entry is an app
 * screen only when this page put it there (not a link from elsewhere, not the landing).
 * Kept in memory: after a reload nothing is known, and the arrow goes to the screen's parent.
 */
const pathsByIndex = new Map<number, string>();

/** The history index of an entry's state (0 when the entry has none: the tab's first page). */
export function historyIndex(state: unknown): number {
  const index = (state as { __TSR_index?: unknown } | null)?.__TSR_index;
  return typeof index === 'number' ? index : 0;
}

/** Records that history entry `index` shows `pathname`. */
export function recordHistoryEntry(index: number, pathname: string): void {
  pathsByIndex.set(index, pathname);
}

/** The app screen (a path under /root) one entry back from `index`, if this page showed one there. */
export function previousAppPath(index: number): string | undefined {
  const previous = index > 0 ? pathsByIndex.get(index - 1) : undefined;
  return previous !== undefined && (previous === '/root' || previous.startsWith('/root/')) ? previous : undefined;
}
