import type { ByteRange } from '../../storage/object-storage';

/** Past this many digits a range bound cannot be a real offset; such a header is ignored, not honoured. */
const MAX_DIGITS = 15;

/**
 * The one byte range a `Range` header asks for (RFC 9110 §14.2), or undefined to answer the whole
 * image: a header that is absent, not in bytes, malformed or asking for several ranges is ignored,
 * as the RFC allows.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first.length > MAX_DIGITS || last.length > MAX_DIGITS) return undefined;
  if (first === '') return last === '' ? undefined : { suffix: Number(last) };
  return last === '' ? { start: Number(first) } : { start: Number(first), end: Number(last) };
}
