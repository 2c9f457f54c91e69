/**
 * What this device last told the server about its time zone (kept in localStorage): its UTC
 * offset then, in minutes as `Date#getTimezoneOffset` gives it, and its IANA time zone.
 */
export interface RecordedTimeZone {
  /** Null for a record from before offsets were kept (the zone alone). */
  offset: number | null;
  timeZone: string;
}

export function parseRecordedTimeZone(text: string | null): RecordedTimeZone | null {
  const match = /^(?:(-?\d+) )?(\S+)$/.exec(text ?? '');
  if (!match) return null;
  return { offset: match[1] === undefined ? null : Number(match[1]), timeZone: match[2]! };
}

export function recordedTimeZoneText({ offset, timeZone }: RecordedTimeZone): string {
  return offset === null ? timeZone : `${offset} ${timeZone}`;
}

/**
 * Whether the device's IANA time zone must be read again (without Temporal, that costs the page's
 * first Intl formatter; the UTC offset costs nothing). A device that moved to another zone shows a
 * new offset, or the same one, where quiet hours fall at the same times until the offset changes.
 */
export function timeZoneMayHaveChanged(recorded: RecordedTimeZone | null, offset: number): boolean {
  return recorded?.offset !== offset;
}
