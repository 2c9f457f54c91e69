const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Largest unit first; a month is 30 days and a year 365, as relative labels usually count. */
const UNITS: ReadonlyArray<readonly [unit: Intl.RelativeTimeFormatUnit, ms: number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/** 'Now' in `locale` ('Ora' in Italian): the language's own word for it, capitalised. */
function nowWord(locale: string): string {
  const word = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  return word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
}

/**
 * How long ago `then` was, in `locale`'s words: '1 hour ago', '3 weeks ago' in English, '1 ora fa',
 * '3 settimane fa' in Italian (spec section 5, Relative time; issue 62). 'Now' when there is no
 * date, and also under a second or for a date after `now` (clock skew).
 */
export function relativeTime(then: Date | string | null | undefined, now: Date, locale: string): string {
  if (then === null || then === undefined || then === '') return nowWord(locale);
  const ms = typeof then === 'string' ? Date.parse(then) : then.getTime();
  if (Number.isNaN(ms)) return nowWord(locale);
  const elapsed = now.getTime() - ms;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    const count = Math.floor(elapsed / size);
    if (count >= 1) return format.format(-count, unit);
  }
  return nowWord(locale);
}
