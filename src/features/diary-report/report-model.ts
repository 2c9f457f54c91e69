import { DateTime } from 'luxon';
import { WARNING_COLOURS, type DiaryEntry, type HealthDetails } from '../../../core/diary';
import { diaryFigures, type AnswerSummary, type DiaryFigures, type DiaryRange, type WarningSign } from '../../../core/diary-figures';
import { POOP_TYPES, type PoopType } from '../../../core/poop';
import { poopTypeName } from '../poops/poop-type-labels';

/**
 * What the doctor's report says, as text, once: the screen and the PDF both show these lines, so
 * they cannot drift apart. The figures are core/diary-figures.ts's; this only words them.
 */

export const REPORT_TITLE = 'Bowel diary report';
export const REPORT_DISCLAIMER = 'This is a diary the patient kept themselves in the Plop app. It is not a diagnosis.';

const SIGN_LABELS: Record<WarningSign, string> = {
  blood: 'Blood',
  red: 'Red colour',
  black: 'Black colour',
  atNight: 'At night',
};

export interface ReportLine {
  label: string;
  value: string;
}

export interface BristolRow {
  type: PoopType;
  /** The type as read ("Undecided" for the stored `Indecise`). */
  typeName: string;
  count: number;
  /** Share of all entries, e.g. "25%". */
  share: string;
}

export interface WarningLine {
  date: string;
  time: string;
  signs: string;
}

/** One row of the day-by-day table. */
export interface DayRow {
  entryId: string;
  date: string;
  time: string;
  type: PoopType;
  typeName: string;
  /** The answers given, e.g. "urgency, straining, pain 4" (empty when none). */
  answers: string;
  signs: string;
  note: string;
  thumbnail: string | null;
}

export interface ReportModel {
  figures: DiaryFigures;
  timeZone: string;
  /** "2 Nov 2026 to 15 Nov 2026". */
  period: string;
  warnings: WarningLine[];
  summary: ReportLine[];
  bristol: BristolRow[];
  shares: ReportLine[];
  symptoms: ReportLine[];
  days: DayRow[];
}

const formatDay = (day: string) => DateTime.fromISO(day).toFormat('d LLL yyyy');

/** A share 0..1 as a whole percent; an en dash when there is nothing to share. */
export function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

/** One decimal, without a trailing ".0". */
export function oneDecimal(value: number): string {
  return String(Math.round(value * 10) / 10);
}

const entries = (n: number) => (n === 1 ? '1 entry' : `${n} entries`);

/**
 * A yes/no question, counted against the entries that answered it (yes or a real no), with how
 * many said nothing, so "yes in 7" is never read as 7 of 7 when the others were left blank.
 */
function answerLine(label: string, summary: AnswerSummary): ReportLine {
  const answered = summary.yes + summary.no;
  const silent = `${entries(summary.unanswered)} said nothing`;
  return {
    label,
    value:
      answered === 0
        ? `not recorded (${silent})`
        : `yes in ${summary.yes} of ${entries(answered)} that answered, no in ${summary.no}; ${silent}`,
  };
}

function answersOf(details: HealthDetails): string {
  const parts: string[] = [];
  if (details.urgency) parts.push('urgency');
  if (details.straining) parts.push('straining');
  if (details.incompleteEmptying) parts.push('incomplete');
  if (details.pain !== null) parts.push(`pain ${details.pain}`);
  if (details.mucus) parts.push('mucus');
  // A red or black colour is a warning sign: the row's signs name it, so it is not said twice.
  if (details.colour !== null && !WARNING_COLOURS.includes(details.colour)) parts.push(details.colour);
  if (details.medicine) parts.push('medicine');
  return parts.join(', ');
}

/**
 * The report of `entries` over `range` (inclusive days, each entry on its own day and at its time in
 * its zone: core/personal-day.ts); `timeZone` is the person's zone, named in the period.
 */
export function reportModel(entries: readonly DiaryEntry[], range: DiaryRange, timeZone: string): ReportModel {
  const figures = diaryFigures(entries, range);
  const zoneOf = new Map(entries.map((entry) => [entry.occurredAt, entry.timeZone]));
  const local = (occurredAt: string) => DateTime.fromISO(occurredAt, { zone: zoneOf.get(occurredAt) ?? timeZone });
  const signsOf = (signs: readonly WarningSign[]) => signs.map((sign) => SIGN_LABELS[sign]).join(', ');
  const { movementsPerDay, bristol, pain } = figures;
  const inRange = new Set(figures.perDay.map((day) => day.date));
  const days = [...entries]
    .filter((entry) => inRange.has(entry.day))
    .sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt))
    .map((entry) => {
      const at = local(entry.occurredAt);
      const warning = figures.warnings.find((item) => item.entryId === entry.id);
      return {
        entryId: entry.id,
        date: at.toFormat('d LLL yyyy'),
        time: at.toFormat('HH:mm'),
        type: entry.type,
        typeName: poopTypeName(entry.type),
        answers: answersOf(entry.details),
        signs: warning ? signsOf(warning.signs) : '',
        note: entry.details.note,
        thumbnail: entry.thumbnail,
      };
    });
  return {
    figures,
    timeZone,
    period: `${formatDay(range.from)} to ${formatDay(range.to)}`,
    warnings: figures.warnings.map((warning) => ({
      date: formatDay(warning.date),
      time: local(warning.occurredAt).toFormat('HH:mm'),
      signs: signsOf(warning.signs),
    })),
    summary: [
      { label: 'Period', value: `${formatDay(range.from)} to ${formatDay(range.to)} (${figures.days} days, ${timeZone})` },
      { label: 'Days with entries', value: `${figures.daysWithEntries} of ${figures.days}` },
      { label: 'Movements', value: String(figures.entries) },
      {
        label: 'Movements per day',
        value: `mean ${oneDecimal(movementsPerDay.mean)}, range ${movementsPerDay.min} to ${movementsPerDay.max}`,
      },
    ],
    bristol: POOP_TYPES.map((type) => ({
      type,
      typeName: poopTypeName(type),
      count: bristol.counts[type],
      share: figures.entries === 0 ? '–' : percent(bristol.counts[type] / figures.entries),
    })),
    shares: [
      { label: 'Bristol 1-2 (hard)', value: `${percent(bristol.hardShare)} of ${bristol.onScale} typed 1 to 7` },
      { label: 'Bristol 6-7 (loose)', value: `${percent(bristol.looseShare)} of ${bristol.onScale} typed 1 to 7` },
    ],
    symptoms: [
      answerLine('Straining', figures.straining),
      answerLine('Incomplete emptying', figures.incompleteEmptying),
      answerLine('Urgency', figures.urgency),
      {
        label: 'Pain (0 to 10)',
        value:
          pain.mean === null
            ? 'not recorded'
            : `mean ${oneDecimal(pain.mean)}, highest ${pain.max ?? 0}, pain in ${pain.withPain} of ${pain.answered} answered`,
      },
      answerLine('Mucus', figures.mucus),
      answerLine('Medicine taken', figures.medicine),
    ],
    days,
  };
}
