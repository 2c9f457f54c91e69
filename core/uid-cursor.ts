/**
 * Opaque keyset cursors for lists ordered by (a time, a user uid): follow lists. Like
 * keyset-cursor.ts, but the tie-breaker is a uid (Firebase uids are not UUIDs).
 */
export interface UidPosition {
  /** Milliseconds since the epoch. */
  at: number;
  uid: string;
}

const CURSOR_PATTERN = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{1,128})$/;
const UID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_TIME = 253402300799999;

/** Undefined when the uid cannot be carried (then the list has no next page link). */
export function encodeUidCursor(position: { at: Date | number; uid: string }): string | undefined {
  const at = typeof position.at === 'number' ? position.at : position.at.getTime();
  if (!Number.isInteger(at) || at < 0 || at > MAX_TIME || !UID_PATTERN.test(position.uid)) return undefined;
  return `${at.toString(36)}.${position.uid}`;
}

export function decodeUidCursor(cursor: string): UidPosition | undefined {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) return undefined;
  const at = parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(at) || at > MAX_TIME) return undefined;
  return { at, uid: match[2]! };
}
