import { plural, t } from '@lingui/core/macro';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the spec's Italian for the empty queue, the same in every language.
import { MODERATION_MESSAGES } from '../../../core/moderation-messages';

/**
 * The moderation screens' texts (issue 24) in the reader's language (issue 62), each read from
 * the active catalog when used; the English ones are core/moderation-messages.ts's word for word.
 * The Type Picker's empty queue keeps the spec's Italian in every language (spec section 2).
 */
export const ADMIN_TEXT = {
  // Spec section 8 toasts of "save to drive".
  get savedToDrive() {
    return t`Image saved to Google Drive`;
  },
  get savedToDataset() {
    return t`Image saved to dataset`;
  },
  get typePickerTitle() {
    return t`Type Picker`;
  },
  get aiSuggestion() {
    return t`AI suggestion`;
  },
  get aiNoSuggestion() {
    return t`No AI suggestion for this image`;
  },
  get verify() {
    return t`Verify`;
  },
  get viewFullscreen() {
    return t`View full screen`;
  },
  get closeFullscreen() {
    return t`Close`;
  },
  get typeGroupLabel() {
    return t`Type of this poop`;
  },
  get keyboardHint() {
    return t`Keys 1 to 9 choose a type, Enter verifies.`;
  },
  get loadFailed() {
    return t`Could not load the images to verify.`;
  },
  get retry() {
    return t`Try again`;
  },
  get verifyFailed() {
    return t`The verification was not saved. Try again.`;
  },
  get alreadyVerified() {
    return t`Another reviewer already verified this image.`;
  },
  get notReviewer() {
    return t`You are an admin but not one of the three reviewers (REVIEWER_EMAILS), so you have no verification stage. The dashboards are under Moderation.`;
  },
  stageLabel: (stage: number) => t`Stage ${stage} of 3`,
  // The empty queue (spec section 2): Italian first, written for Italian reviewers, English beneath.
  emptyTitleIt: MODERATION_MESSAGES.emptyTitleIt,
  emptyHintVerifiedIt: MODERATION_MESSAGES.emptyHintVerifiedIt,
  emptyHintNoneIt: MODERATION_MESSAGES.emptyHintNoneIt,
  get emptyEnglish() {
    return t`Loading images… If you have just verified 100 images in a row, refresh the app to load more. Otherwise there are no more images to verify for now: refresh the app later.`;
  },
  get refresh() {
    return t`Aggiorna / Refresh`;
  },
  // Admin dashboards.
  get adminEntry() {
    return t`Admin`;
  },
  /** Said to a non-admin sent back from an admin address (issue 42). */
  get adminsOnly() {
    return t`Admins only: that page is for Plop's moderators.`;
  },
  get figuresByDay() {
    return t`Figures by day`;
  },
  get reportDay() {
    return t`Day`;
  },
  get noReportThatDay() {
    return t`No report for that day: reports start on the day the server first ran.`;
  },
  get adminTypeTitle() {
    return t`Moderation`;
  },
  get adminReportTitle() {
    return t`Daily report`;
  },
  get overviewFailed() {
    return t`Could not load the moderation figures.`;
  },
  get reportFailed() {
    return t`Could not load the daily report.`;
  },
  get noReportYet() {
    return t`No report yet: it is computed when the server starts, then once a day.`;
  },
  get reviewQueueTitle() {
    return t`Waiting for a decision`;
  },
  get reviewQueueEmpty() {
    return t`Nothing waits for a decision: no pending or flagged posts.`;
  },
  get unverifiedTitle() {
    return t`Not verified yet`;
  },
  get unverifiedEmpty() {
    return t`Every post is verified.`;
  },
  get approve() {
    return t`Approve`;
  },
  get deny() {
    return t`Deny`;
  },
  get markVerified() {
    return t`Mark verified`;
  },
  get changeType() {
    return t`Change type`;
  },
  get decisionFailed() {
    return t`That did not work. Try again.`;
  },
  get approved() {
    return t`Approved`;
  },
  get denied() {
    return t`Denied`;
  },
};

/** Spec section 2: the Type Picker's counter, '{n} Poops verified by you.' word for word in English, whatever n. */
export const poopsVerifiedByYou = (n: number) => plural(n, { one: '# Poops verified by you.', other: '# Poops verified by you.' });
/** Spec section 8: the failed "save to drive" toast. */
export const saveToDriveFailed = (error: string) => t`Something went wrong: ${error}`;

/** A post as the moderation lists name it: 'Type 4 by mario'. */
export function postName(poop: { type: string; username: string }): string {
  const { type, username } = poop;
  return t`${type} by ${username}`;
}
