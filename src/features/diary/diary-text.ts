import { plural, t } from '@lingui/core/macro';
import { type HealthDetails, type StoolColour } from '../../../core/diary';
import type { WarningSign } from '../../../core/diary-figures';

type HealthQuestion = keyof Pick<
  HealthDetails,
  'urgency' | 'straining' | 'incompleteEmptying' | 'blood' | 'mucus' | 'atNight' | 'medicine'
>;

/** The yes/no questions' labels, read in the reader's language. */
const QUESTION_LABELS: Record<HealthQuestion, string> = {
  get urgency() {
    return t`Urgency`;
  },
  get straining() {
    return t`Straining`;
  },
  get incompleteEmptying() {
    return t`Incomplete emptying`;
  },
  get blood() {
    return t`Blood`;
  },
  get mucus() {
    return t`Mucus`;
  },
  get atNight() {
    return t`At night`;
  },
  get medicine() {
    return t`Laxative or medicine`;
  },
};

/** The yes/no questions of the details, in the order shown, with their labels. */
export function healthQuestions(): Array<[HealthQuestion, string]> {
  const order: HealthQuestion[] = ['urgency', 'straining', 'incompleteEmptying', 'blood', 'mucus', 'atNight', 'medicine'];
  return order.map((key) => [key, QUESTION_LABELS[key]]);
}

/** Each colour's name, in the reader's language. */
export const COLOUR_LABELS: Record<StoolColour, string> = {
  get brown() {
    return t`Brown`;
  },
  get 'light brown'() {
    return t`Light brown`;
  },
  get 'dark brown'() {
    return t`Dark brown`;
  },
  get yellow() {
    return t`Yellow`;
  },
  get green() {
    return t`Green`;
  },
  get pale() {
    return t`Pale`;
  },
  get red() {
    return t`Red`;
  },
  get black() {
    return t`Black`;
  },
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

/** Each warning sign's name, in the reader's language (the diary and the doctor's report). */
export const WARNING_SIGN_LABELS: Record<WarningSign, string> = {
  get blood() {
    return t`Blood`;
  },
  get red() {
    return t`Red colour`;
  },
  get black() {
    return t`Black colour`;
  },
  get atNight() {
    return t`At night`;
  },
};

/** The id of Help's "when to see a doctor" answer, the target of the guidance's link. */
export const DOCTOR_FAQ_ID = 'when-to-see-a-doctor';

/** The diary's texts; each is read from the active catalog when it is used. */
export const DIARY_TEXT = {
  get detailsToggle() {
    return t`Health details (private)`;
  },
  get detailsHelp() {
    return t`Only you can see these. Nothing here is required: tap what applies.`;
  },
  get questions() {
    return t`What applied`;
  },
  get pain() {
    return t`Pain (0 = none, 10 = worst)`;
  },
  get clearPain() {
    return t`No answer`;
  },
  get colour() {
    return t`Colour`;
  },
  get warningColour() {
    return t`warning colour`;
  },
  get noneOfThese() {
    return t`None of these`;
  },
  /** One calm sentence when blood or a red or black colour is logged, with a link to Help. */
  get doctorGuidance() {
    return t`Blood, or a red or black colour, is worth mentioning to a doctor, especially if it happens again.`;
  },
  get doctorGuidanceLink() {
    return t`When to see a doctor`;
  },
  get note() {
    return t`Note (private)`;
  },
  get postSection() {
    return t`Your health details`;
  },
  get postSectionHelp() {
    return t`Private: only you can see them, never anyone else.`;
  },
  get save() {
    return t`Save details`;
  },
  get saved() {
    return t`Health details saved.`;
  },
  get savedQueued() {
    return t`Saved: your details will be sent when you are back online.`;
  },
  get loadFailed() {
    return t`Could not load your health details.`;
  },
  get diaryOnly() {
    return t`Diary only (no photo)`;
  },
  get diaryTitle() {
    return t`Diary entry`;
  },
  get diaryIntro() {
    return t`Log a movement without a photo. It is private: only you see it, and it counts for your streak.`;
  },
  get when() {
    return t`When`;
  },
  get whenInvalid() {
    return t`Choose a time within the last year, not in the future.`;
  },
  /** Under "When": a backfilled entry is kept but earns nothing (issue 64). */
  get backfillNote() {
    return t`Entries older than 7 days go in your diary and report but don't count for your streak.`;
  },
  get typeRequired() {
    return t`Choose a type.`;
  },
  get saveEntry() {
    return t`Save entry`;
  },
  get entrySaved() {
    return t`Diary entry saved.`;
  },
  get chartsTitle() {
    return t`My health diary`;
  },
  get chartsHelp() {
    return t`Only you can see this.`;
  },
  get from() {
    return t`From`;
  },
  get to() {
    return t`To`;
  },
  get rangeInvalid() {
    return t`Choose a range of days, the first not after the last, a year at most.`;
  },
  get chartsLoading() {
    return t`Loading your diary`;
  },
  get chartsFailed() {
    return t`Could not load your diary.`;
  },
  get bristolOverTime() {
    return t`Bristol types over time`;
  },
  get perDay() {
    return t`Movements per day`;
  },
  get warnings() {
    return t`Warning signs`;
  },
  get noWarnings() {
    return t`No warning signs in this range.`;
  },
  get noEntries() {
    return t`Nothing logged in this range.`;
  },
  get period() {
    return t`Period`;
  },
  lastDays: (days: number) => (days === 365 ? t`Last year` : plural(days, { one: 'Last # day', other: 'Last # days' })),
  get insights() {
    return t`At a glance`;
  },
  get everyDay() {
    return t`Show every day`;
  },
  get otherDetails() {
    return t`Other details`;
  },
  get detail() {
    return t`Detail`;
  },
  get entriesWithIt() {
    return t`Entries with it`;
  },
} as const;
