import { DIARY_MESSAGES, type HealthDetails, type StoolColour } from '../../../core/diary';
import type { WarningSign } from '../../../core/diary-figures';

/** The yes/no questions of the details, in the order shown, with their labels. */
export const HEALTH_QUESTIONS: ReadonlyArray<
  [keyof Pick<HealthDetails, 'urgency' | 'straining' | 'incompleteEmptying' | 'blood' | 'mucus' | 'atNight' | 'medicine'>, string]
> = [
  ['urgency', 'Urgency'],
  ['straining', 'Straining'],
  ['incompleteEmptying', 'Incomplete emptying'],
  ['blood', 'Blood'],
  ['mucus', 'Mucus'],
  ['atNight', 'At night'],
  ['medicine', 'Laxative or medicine'],
];

export const COLOUR_LABELS: Record<StoolColour, string> = {
  brown: 'Brown',
  'light brown': 'Light brown',
  'dark brown': 'Dark brown',
  yellow: 'Yellow',
  green: 'Green',
  pale: 'Pale',
  red: 'Red',
  black: 'Black',
};

/** A swatch per colour (the chip's dot; the name is always written beside it). */
export const COLOUR_SWATCHES: Record<StoolColour, string> = {
  brown: '#7b4a21',
  'light brown': '#b07b45',
  'dark brown': '#4a2c12',
  yellow: '#d8b62c',
  green: '#5d7a2a',
  pale: '#e4dccb',
  red: '#c62828',
  black: '#111111',
};

export const WARNING_SIGN_LABELS: Record<WarningSign, string> = {
  blood: 'Blood',
  red: 'Red colour',
  black: 'Black colour',
  atNight: 'At night',
};

/** The id of Help's "when to see a doctor" answer, the target of the guidance's link. */
export const DOCTOR_FAQ_ID = 'when-to-see-a-doctor';

export const DIARY_TEXT = {
  detailsToggle: 'Health details (private)',
  detailsHelp: 'Only you can see these. Nothing here is required: tap what applies.',
  questions: 'What applied',
  pain: 'Pain (0 = none, 10 = worst)',
  clearPain: 'No answer',
  colour: 'Colour',
  warningColour: 'warning colour',
  noneOfThese: 'None of these',
  /** One calm sentence when blood or a red or black colour is logged, with a link to Help. */
  doctorGuidance: 'Blood, or a red or black colour, is worth mentioning to a doctor, especially if it happens again.',
  doctorGuidanceLink: 'When to see a doctor',
  note: 'Note (private)',
  postSection: 'Your health details',
  postSectionHelp: 'Private: only you can see them, never anyone else.',
  save: 'Save details',
  saved: 'Health details saved.',
  savedQueued: 'Saved: your details will be sent when you are back online.',
  loadFailed: 'Could not load your health details.',
  diaryOnly: 'Diary only (no photo)',
  diaryTitle: 'Diary entry',
  diaryIntro: 'Log a movement without a photo. It is private: only you see it, and it counts for your streak.',
  when: 'When',
  whenInvalid: 'Choose a time within the last year, not in the future.',
  /** Under "When": a backfilled entry is kept but earns nothing (issue 64). */
  backfillNote: "Entries older than 7 days go in your diary and report but don't count for your streak.",
  typeRequired: 'Choose a type.',
  saveEntry: 'Save entry',
  entrySaved: 'Diary entry saved.',
  chartsTitle: 'My health diary',
  chartsHelp: 'Only you can see this.',
  from: 'From',
  to: 'To',
  rangeInvalid: DIARY_MESSAGES.rangeInvalid,
  chartsLoading: 'Loading your diary',
  chartsFailed: 'Could not load your diary.',
  bristolOverTime: 'Bristol types over time',
  perDay: 'Movements per day',
  warnings: 'Warning signs',
  noWarnings: 'No warning signs in this range.',
  noEntries: 'Nothing logged in this range.',
  period: 'Period',
  lastDays: (days: number) => (days === 365 ? 'Last year' : `Last ${days} days`),
  insights: 'At a glance',
  everyDay: 'Show every day',
  otherDetails: 'Other details',
  detail: 'Detail',
  entriesWithIt: 'Entries with it',
} as const;
