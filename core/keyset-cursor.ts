/**
 * Opaque keyset cursors for lists ordered by (a timestamp, a UUID): the feed (modifiedDate, id)
 * and comments (created, id), and the account activity (at, kind + id), whose rows are told apart
 * by a one-letter tag. Clients pass back what they got; only this module reads it.
 * Timestamps are whole milliseconds (the database stores them with precision 3).
 */
export interface KeysetPosition {
  /** Milliseconds since the epoch. */
  at: number;
  /** A UUID, lowercase. */
  id: string;
  /** A lowercase letter before the id, for lists that mix kinds of rows (the account activity). */
  tag?: string;
}

const CURSOR_PATTERN = /^([0-9a-z]{1,11})\.([a-z]?)([0-9a-f]{32})$/;
const TAG_PATTERN = /^[a-z]$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 9999-12-31T23:59:59.999Z: later times have no ISO form that PostgreSQL reads. */
const MAX_TIME = 253402300799999;

export function encodeCursor(position: { at: Date | number; id: string; tag?: string }): string {
  const at = typeof position.at === 'number' ? position.at : position.at.getTime();
  if (!Number.isInteger(at) || at < 0 || at > MAX_TIME) throw new RangeError(`cannot encode time ${at}`);
  if (!UUID_PATTERN.test(position.id)) throw new RangeError(`cannot encode id ${position.id}`);
  const tag = position.tag ?? '';
  if (tag !== '' && !TAG_PATTERN.test(tag)) throw new RangeError(`cannot encode tag ${tag}`);
  return `${at.toString(36)}.${tag}${position.id.replace(/-/g, '').toLowerCase()}`;
}

/** The position a cursor names, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): KeysetPosition | undefined {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) return undefined;
  const at = parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(at) || at > MAX_TIME) return undefined;
  const tag = match[2]!;
  const hex = match[3]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return tag === '' ? { at, id } : { at, id, tag };
}
