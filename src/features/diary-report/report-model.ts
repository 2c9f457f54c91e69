import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { DateTime } from 'luxon';
import { WARNING_COLOURS, type DiaryEntry, type HealthDetails, type StoolColour } from '../../../core/diary';
import { diaryFigures, type AnswerSummary, type DiaryFigures, type DiaryRange, type WarningSign } from '../../../core/diary-figures';
import { POOP_TYPES, type PoopType } from '../../../core/poop';
import { poopTypeName } from '../poops/poop-type-labels';
import { COLOUR_LABELS, WARNING_SIGN_LABELS } from '../diary/diary-text';
import { formatDiaryDay } from '../diary/diary-insights';

/**
 * What the doctor's report says, as text, once: the screen and the PDF both show these lines, so
 * they cannot drift apart. The figures are core/diary-figures.ts's; this only words them, in the
 * reader's language and its dates (issue 62).
 */

const signLabel = (sign: WarningSign): string => WARNING_SIGN_LABELS[sign];

/** A colour among the answers, in lower case as the other answers are ("brown", "marrone"). */
const colourName = (colour: StoolColour): string => COLOUR_LABELS[colour].toLocaleLowerCase(i18n.locale);

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

/** A day as "2 Nov 2026" ("2 nov 2026" in Italian), as every screen writes it. */
const formatDay = (day: string) => formatDiaryDay(day, i18n.locale);
const dayText = (at: DateTime) => formatDay(at.toISODate() ?? '');

/** A share 0..1 as a whole percent in the reader's notation; an en dash when there is nothing to share. */
export function percent(share: number | null): string {
  return share === null ? '–' : new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** One decimal at most, in the reader's notation ("0.2", "0,2"), without a trailing ".0". */
export function oneDecimal(value: number): string {
  return new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(Math.round(value * 10) / 10);
}

/**
 * A yes/no question, counted against the entries that answered it (yes or a real no), with how
 * many said nothing, so "yes in 7" is never read as 7 of 7 when the others were left blank.
 */
function answerLine(label: string, summary: AnswerSummary): ReportLine {
  const answered = summary.yes + summary.no;
  const { yes, no, unanswered } = summary;
  const silent = plural(unanswered, { one: '# entry said nothing', other: '# entries said nothing' });
  const said = plural(answered, {
    one: `yes in ${yes} of # entry that answered, no in ${no}`,
    other: `yes in ${yes} of # entries that answered, no in ${no}`,
  });
  return {
    label,
    value: answered === 0 ? t`not recorded (${silent})` : t`${said}; ${silent}`,
  };
}

function answersOf(details: HealthDetails): string {
  const parts: string[] = [];
  if (details.urgency) parts.push(t`urgency`);
  if (details.straining) parts.push(t`straining`);
  if (details.incompleteEmptying) parts.push(t`incomplete`);
  if (details.pain !== null) {
    const { pain } = details;
    parts.push(t`pain ${pain}`);
  }
  if (details.mucus) parts.push(t`mucus`);
  // A red or black colour is a warning sign: the row's signs name it, so it is not said twice.
  if (details.colour !== null && !WARNING_COLOURS.includes(details.colour)) parts.push(colourName(details.colour));
  if (details.medicine) parts.push(t`medicine`);
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
  const signsOf = (signs: readonly WarningSign[]) => signs.map(signLabel).join(', ');
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
        date: dayText(at),
        time: at.toFormat('HH:mm'),
        type: entry.type,
        typeName: poopTypeName(entry.type),
        answers: answersOf(entry.details),
        signs: warning ? signsOf(warning.signs) : '',
        note: entry.details.note,
        thumbnail: entry.thumbnail,
      };
    });
  const from = formatDay(range.from);
  const to = formatDay(range.to);
  const period = t`${from} to ${to}`;
  const { days: dayCount, daysWithEntries, entries: movements, straining, incompleteEmptying, urgency, mucus, medicine } = figures;
  const mean = oneDecimal(movementsPerDay.mean);
  const { min, max } = movementsPerDay;
  const { onScale } = bristol;
  const hard = percent(bristol.hardShare);
  const loose = percent(bristol.looseShare);
  const painMean = pain.mean === null ? '' : oneDecimal(pain.mean);
  const painMax = pain.max ?? 0;
  const { withPain, answered: painAnswered } = pain;
  return {
    figures,
    timeZone,
    period,
    warnings: figures.warnings.map((warning) => ({
      date: formatDay(warning.date),
      time: local(warning.occurredAt).toFormat('HH:mm'),
      signs: signsOf(warning.signs),
    })),
    summary: [
      {
        label: t`Period`,
        value: plural(dayCount, { one: `${period} (# day, ${timeZone})`, other: `${period} (# days, ${timeZone})` }),
      },
      { label: t`Days with entries`, value: t`${daysWithEntries} of ${dayCount}` },
      { label: t`Movements`, value: String(movements) },
      { label: t`Movements per day`, value: t`mean ${mean}, range ${min} to ${max}` },
    ],
    bristol: POOP_TYPES.map((type) => ({
      type,
      typeName: poopTypeName(type),
      count: bristol.counts[type],
      share: figures.entries === 0 ? '–' : percent(bristol.counts[type] / figures.entries),
    })),
    shares: [
      { label: t`Bristol 1-2 (hard)`, value: t`${hard} of ${onScale} typed 1 to 7` },
      { label: t`Bristol 6-7 (loose)`, value: t`${loose} of ${onScale} typed 1 to 7` },
    ],
    symptoms: [
      answerLine(t`Straining`, straining),
      answerLine(t`Incomplete emptying`, incompleteEmptying),
      answerLine(t`Urgency`, urgency),
      {
        label: t`Pain (0 to 10)`,
        value:
          pain.mean === null ? t`not recorded` : t`mean ${painMean}, highest ${painMax}, pain in ${withPain} of ${painAnswered} answered`,
      },
      answerLine(t`Mucus`, mucus),
      answerLine(t`Medicine taken`, medicine),
    ],
    days,
  };
}
