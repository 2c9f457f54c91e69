import { DIARY_BACKFILL_MAX_DAYS } from '../../../core/diary';

const MINUTE_MS = 60_000;

/** A datetime-local input's value ('2026-11-27T08:15') for an instant, in the device's zone. */
export function toLocalInput(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * MINUTE_MS).toISOString().slice(0, 16);
}

/** The instant a datetime-local value names in the device's zone; null when it names none. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether a diary entry may be dated `at`: within the last DIARY_BACKFILL_MAX_DAYS (a year), not after now (to the minute). */
export function isAcceptedEntryTime(at: Date, now: Date): boolean {
  const earliest = now.getTime() - DIARY_BACKFILL_MAX_DAYS * 24 * 60 * MINUTE_MS;
  return at.getTime() >= earliest && at.getTime() <= now.getTime() + MINUTE_MS;
}
