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
