const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Largest unit first; a month is 30 days and a year 365, as relative labels usually count. */
const UNITS: ReadonlyArray<readonly [name: string, ms: number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/**
 * How long ago `then` was, e.g. '1 hour ago', '3 weeks ago' (spec section 5, Relative time).
 * 'Now' when there is no date, and also under a second or for a date after `now` (clock skew).
 */
export function relativeTime(then: Date | string | null | undefined, now: Date): string {
  if (then === null || then === undefined || then === '') return 'Now';
  const ms = typeof then === 'string' ? Date.parse(then) : then.getTime();
  if (Number.isNaN(ms)) return 'Now';
  const elapsed = now.getTime() - ms;
  for (const [name, size] of UNITS) {
    const count = Math.floor(elapsed / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? '' : 's'} ago`;
  }
  return 'Now';
}
