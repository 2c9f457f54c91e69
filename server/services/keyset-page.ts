import { decodeCursor, encodeCursor, type KeysetPosition } from '../../core/keyset-cursor';
import { POOP_MESSAGES } from '../../core/messages';
import { ValidationError } from '../errors';

/** The position a `?cursor=` names, or a 400 when it is not one we issued. */
export function parseCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const position = decodeCursor(cursor);
  if (!position) throw new ValidationError(POOP_MESSAGES.badCursor);
  return position;
}

/**
 * Cuts a page from rows fetched with `limit + 1`: the extra row only says there is more.
 * The next cursor is the last row's position, so rows added meanwhile above it never shift the pages.
 */
export function toPage<Row extends { id: string }>(
  rows: Row[],
  limit: number,
  positionOf: (row: Row) => Date,
  tagOf?: (row: Row) => string,
): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor({ at: positionOf(last), id: last.id, tag: tagOf?.(last) }) : null;
  return { items, nextCursor };
}
