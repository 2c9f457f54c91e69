import { DateTime } from 'luxon';
import type { DiaryEntry } from './diary';

/**
 * The doctor's report as CSV (issue 43): RFC 4180 (CRLF line ends, every field that holds a comma,
 * a quote or a line break quoted, quotes doubled), a header row, one row per entry oldest first,
 * each entry's date its own day and its time in the zone that day is counted in (core/personal-day.ts). Yes/no answers are `yes`, `no` or empty (not answered).
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

/** The header row and the yes/no answers, in the reader's language (the app words them; issue 62). */
export interface DiaryCsvWords {
  columns: readonly string[];
  yes: string;
  no: string;
}

const ENGLISH: DiaryCsvWords = { columns: DIARY_CSV_COLUMNS, yes: 'yes', no: 'no' };

/** One entry's cells, in DIARY_CSV_COLUMNS order. */
export function diaryCsvRow(entry: DiaryEntry, words: DiaryCsvWords = ENGLISH): string[] {
  const answer = (value: boolean | null): string => (value === null ? '' : value ? words.yes : words.no);
  const at = DateTime.fromISO(entry.occurredAt, { zone: entry.timeZone });
  const { details } = entry;
  return [
    entry.day,
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
export function diaryCsv(entries: readonly DiaryEntry[], words: DiaryCsvWords = ENGLISH): string {
  const sorted = [...entries].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
  const rows = [[...words.columns], ...sorted.map((entry) => diaryCsvRow(entry, words))];
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
