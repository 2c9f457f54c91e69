import { DateTime } from 'luxon';
import type { DiaryEntry } from './diary';

/**
 * The doctor's report as CSV (issue 43): RFC 4180 (CRLF line ends, every field that holds a comma,
 * a quote or a line break quoted, quotes doubled), a header row, one row per entry oldest first,
 * dates and times in the user's time zone. Yes/no answers are `yes`, `no` or empty (not answered).
 */
export const DIARY_CSV_COLUMNS = [
  'date',
  'time',
  'occurred_at',
  'bristol_type',
  'post_title',
  'urgency',
  'straining',
  'incomplete_emptying',
  'pain_0_10',
  'blood',
  'mucus',
  'colour',
  'at_night',
  'medicine',
  'note',
] as const;

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function answer(value: boolean | null): string {
  if (value === null) return '';
  return value ? 'yes' : 'no';
}

/** One entry's cells, in DIARY_CSV_COLUMNS order. */
export function diaryCsvRow(entry: DiaryEntry, timeZone: string): string[] {
  const at = DateTime.fromISO(entry.occurredAt, { zone: timeZone });
  const { details } = entry;
  return [
    at.toISODate() ?? '',
    at.toFormat('HH:mm'),
    at.toISO({ suppressMilliseconds: true }) ?? '',
    entry.type,
    entry.title ?? '',
    answer(details.urgency),
    answer(details.straining),
    answer(details.incompleteEmptying),
    details.pain === null ? '' : String(details.pain),
    answer(details.blood),
    answer(details.mucus),
    details.colour ?? '',
    answer(details.atNight),
    answer(details.medicine),
    details.note,
  ];
}

/** The entries as an RFC 4180 CSV text, header first, oldest entry first. */
export function diaryCsv(entries: readonly DiaryEntry[], timeZone: string): string {
  const sorted = [...entries].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
  const rows = [[...DIARY_CSV_COLUMNS], ...sorted.map((entry) => diaryCsvRow(entry, timeZone))];
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
