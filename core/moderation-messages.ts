/**
 * The moderation texts (issue 24), apart from core/messages.ts so that they load with the admin
 * screens, not with every page.
 */

// --- moderation (issue 24): the Type Picker, the admin dashboards, the moderation API ---

/** Texts of the moderation screens and answers (spec sections 2, 4, 8). */
export const MODERATION_MESSAGES = {
  // Spec section 8 toasts of "save to drive".
  savedToDrive: 'Image saved to Google Drive',
  savedToDataset: 'Image saved to dataset',
  typePickerTitle: 'Type Picker',
  aiSuggestion: 'AI suggestion',
  aiNoSuggestion: 'No AI suggestion for this image',
  verify: 'Verify',
  viewFullscreen: 'View full screen',
  closeFullscreen: 'Close',
  typeGroupLabel: 'Type of this poop',
  keyboardHint: 'Keys 1 to 9 choose a type, Enter verifies.',
  loadFailed: 'Could not load the images to verify.',
  retry: 'Try again',
  verifyFailed: 'The verification was not saved. Try again.',
  alreadyVerified: 'Another reviewer already verified this image.',
  notReviewer:
    'You are an admin but not one of the three reviewers (REVIEWER_EMAILS), so you have no verification stage. The dashboards are under Moderation.',
  stageLabel: (stage: number) => `Stage ${stage} of 3`,
  // The empty queue (spec section 2): Italian first, written for Italian reviewers, English beneath.
  emptyTitleIt: 'Caricamento delle immagini in corso…',
  emptyHintVerifiedIt: 'Se hai appena verificato 100 immagini di fila, aggiorna l’app per caricarne altre.',
  emptyHintNoneIt: 'Oppure, per il momento non ci sono altre immagini da verificare: aggiorna l’app più tardi.',
  emptyEnglish:
    'Loading images… If you have just verified 100 images in a row, refresh the app to load more. Otherwise there are no more images to verify for now: refresh the app later.',
  refresh: 'Aggiorna / Refresh',
  // Admin dashboards.
  adminEntry: 'Admin',
  /** Said to a non-admin sent back from an admin address (issue 42). */
  adminsOnly: "Admins only: that page is for Plop's moderators.",
  figuresByDay: 'Figures by day',
  reportDay: 'Day',
  noReportThatDay: 'No report for that day: reports start on the day the server first ran.',
  adminTypeTitle: 'Moderation',
  adminReportTitle: 'Daily report',
  overviewFailed: 'Could not load the moderation figures.',
  reportFailed: 'Could not load the daily report.',
  noReportYet: 'No report yet: it is computed when the server starts, then once a day.',
  reviewQueueTitle: 'Waiting for a decision',
  reviewQueueEmpty: 'Nothing waits for a decision: no pending or flagged posts.',
  unverifiedTitle: 'Not verified yet',
  unverifiedEmpty: 'Every post is verified.',
  approve: 'Approve',
  deny: 'Deny',
  markVerified: 'Mark verified',
  changeType: 'Change type',
  decisionFailed: 'That did not work. Try again.',
  approved: 'Approved',
  denied: 'Denied',
  // Server answers.
  notAdmin: 'Only admins can do that.',
  wrongStage: 'You are not the reviewer of that stage.',
  noStage: 'You are not one of the three reviewers, so you have no verification stage.',
  notWaiting: 'This post does not wait for your stage any more (another reviewer may have verified it).',
  privateNotExported: 'A private post is not saved to the dataset.',
  queueDown: 'The verification could not be saved just now. Try again in a moment.',
  aiNotConfigured: 'AI screening is not configured on this server (AI_BASE_URL, AI_MODEL).',
  notOurImage: 'downloadUrl must be the URL of a post image of this app.',
} as const;

// --- end moderation ---
