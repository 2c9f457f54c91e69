import {
  COMMENT_MAX_LENGTH,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MEGAPIXELS,
  POOP_DESCRIPTION_MAX_LENGTH,
  POOP_PLACE_NAME_MAX_LENGTH,
  POOP_TITLE_MAX_LENGTH,
} from './constants';

/**
 * Every user-facing text of the spec that the app and the server share. The app reads
 * toasts and errors from here; nothing else spells these strings.
 */
export const MESSAGES = {
  loggedIn: 'Successfully logged in',
  loggedInWithGoogle: 'Successfully logged in with Google account',
  redirectError: 'Error handling redirect result',
  linkGoogleError: 'Error linking to Google account',
  offline: 'You are offline.',
  backOnline: "You're back online.",
  notFound: 'Not Found',
  noTokenFound: 'No token found.',
  persistWriteFailed: 'Failed to persist write',
  invalidEmail: 'Please enter a valid email',
  shortPassword: 'Password must contain at least 6 characters',
} as const;

/** The sign-in and sign-up toasts of spec section 8, by what went wrong. */
export const SIGN_IN_MESSAGES = {
  wrongPassword: 'Wrong password.',
  emailNotFound: 'Email not found.',
  invalidEmail: 'Invalid email.',
  invalidCredentials: 'Invalid credentials.',
  /** The sign-up variant: registering (or linking) an e-mail that has an account. */
  emailAlreadyUsed: 'Invalid credentials. This email is already being used',
  tooManyRequests: 'Too many requests, try again later.',
} as const;

/** Texts of posting, comments and photos; the server answers them in `error.message`. */
export const POOP_MESSAGES = {
  photoMissing: 'Add a photo.',
  photoTooLarge: `The photo is too large: at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
  photoTooManyPixels: `The photo is too large: at most ${PHOTO_MAX_MEGAPIXELS} megapixels.`,
  photoUnsupported: 'This file is not a photo we can read. Use a JPEG, PNG, WebP or AVIF image.',
  photoUnreadable: 'The photo could not be read. It may be damaged; try another one.',
  typeInvalid: 'Choose one of the nine types.',
  titleTooLong: `The title can be at most ${POOP_TITLE_MAX_LENGTH} characters.`,
  descriptionTooLong: `The description can be at most ${POOP_DESCRIPTION_MAX_LENGTH} characters.`,
  placeNameTooLong: `The place name can be at most ${POOP_PLACE_NAME_MAX_LENGTH} characters.`,
  coordinatesIncomplete: 'Send both latitude and longitude, or neither.',
  createdDateInvalid: 'The time the post was made must be an ISO 8601 date and time with an offset.',
  commentEmpty: 'Write something first.',
  commentTooLong: `A comment can be at most ${COMMENT_MAX_LENGTH} characters.`,
  poopNotFound: 'This poop does not exist or is not visible to you.',
  commentNotFound: 'This comment does not exist or is not visible to you.',
  poopIdTaken: 'Another post already uses this id.',
  commentIdTaken: 'Another comment already uses this id.',
  notYourPoop: 'Only the owner can change this post.',
  cannotDeleteComment: 'Only the author, the post owner or an admin can delete this comment.',
  badCursor: 'This page link is not valid; start again from the first page.',
} as const;

/** The map screen's texts (here, so the e2e tests find its elements by them). */
export const MAP_MESSAGES = {
  title: 'Map',
  listToggle: 'List',
  showMyPosition: 'Show my position',
  locating: 'Finding your position…',
  positionDenied: 'Location permission was refused. Allow it in your browser settings to see where you are on the map.',
  positionUnavailable: 'Your position is not available right now. Try again outdoors or later.',
  positionUnsupported: 'This browser cannot tell your position.',
  loading: 'Loading the posts on the map…',
  loadFailed: 'Could not load the posts on the map.',
  mapFailed: 'The map could not be drawn on this device; the List shows the posts.',
  emptyView: 'No posts in this part of the map. Zoom out or move the map to see more.',
  canvasLabel: 'Map of posts. Arrow keys move it, plus and minus zoom.',
  ownPosition: 'Your position',
  approximate: 'Approximate area (about 1 km)',
  exact: 'Your post, where you made it',
  openPost: 'Open post',
  privacyNote: 'Others see posts within about 1 km, and never near where their author posts most.',
} as const;

/** A cluster marker's name. */
export const mapClusterLabel = (count: number) => `${count} posts here. Zoom in`;
/** A post marker's name. */
export const mapMarkerLabel = (type: string, username: string, when: string) => `${type} by ${username}, ${when}`;
/** The List's heading. */
export const mapListHeading = (count: number) => (count === 1 ? '1 post in view' : `${count} posts in view`);

/** The Help FAQ's entry on the map's privacy (core/map-privacy.ts is the rule it describes). */
export const MAP_PRIVACY_FAQ = {
  question: 'Who can see where I posted?',
  answer:
    'Only you see the exact place of your posts. A post is on the map only if you turned on "Show on map" and it is public; ' +
    'others then see it in an area of about 1 km, never the exact point. Posts in the area of about 5 km where you post most ' +
    'often (usually home) are never shown to others on the map. The feed, your profile and post pages show others no position at all.',
} as const;

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
    'You are an admin but not one of the three reviewers (REVIEWER_EMAILS), so you have no verification stage. The dashboards are below.',
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
  aiNotConfigured: 'AI screening is not configured on this server (AI_BASE_URL, AI_MODEL).',
  notOurImage: 'downloadUrl must be the URL of a post image of this app.',
} as const;

/** Spec section 2: the Type Picker's counter. */
export const poopsVerifiedByYou = (n: number) => `${n} Poops verified by you.`;
/** Spec section 8: the failed "save to drive" toast. */
export const saveToDriveFailed = (error: string) => `Something went wrong: ${error}`;
// --- end moderation ---
