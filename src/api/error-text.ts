import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  COMMENT_MAX_LENGTH,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MEGAPIXELS,
  POOP_DESCRIPTION_MAX_LENGTH,
  POOP_PLACE_NAME_MAX_LENGTH,
  POOP_TITLE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../core/constants';
import type { ErrorReason } from '../../core/error-reasons';
import type { ErrorCode } from '../../core/errors';
import type { UsernameProblem } from '../../core/username';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-error';

const PHOTO_MAX_MB = PHOTO_MAX_BYTES / (1024 * 1024);

/**
 * The one place the client turns an API failure into text, and asks what kind of failure it was:
 * components never compare error codes as strings. The server answers codes (`code`, and the
 * precise `reason` when it has one, core/error-reasons.ts); the app words them itself, in the
 * reader's language (issue 62). The server's English `message` is never shown.
 */
export const API_ERROR_MESSAGES = {
  network: msg`Network error. Please try again.`,
  unexpected: msg`Something went wrong. Please try again.`,
} as const;

/** Each code's words, when the answer names no reason the app knows. */
const CODE_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  bad_request: msg`Something in this request is not right. Please check it and try again.`,
  unauthenticated: msg`Please sign in.`,
  forbidden: msg`You are not allowed to do that.`,
  not_found: msg`Not found.`,
  conflict: msg`That clashes with something that already exists.`,
  payload_too_large: msg`That is too large to send.`,
  unsupported_media_type: msg`That kind of file cannot be sent here.`,
  rate_limited: msg`Too many requests, try again later.`,
  cross_site_request: msg`Cross-site requests are not allowed.`,
  account_required: msg`Create an account to do that.`,
  idempotency_key_reused: msg`This request was already sent with other contents.`,
  internal: API_ERROR_MESSAGES.unexpected,
  unavailable: msg`The service is briefly unavailable. Please try again in a few seconds.`,
  storage_unavailable: msg`Photos cannot be saved right now; nothing was stored. Please try again later.`,
  premium_required: msg`Chat is for premium members. Get premium to chat.`,
  payments_not_configured: msg`Payments are not set up on this server.`,
  chat_blocked: msg`You cannot send messages in this conversation.`,
  invalid_signature: msg`Invalid webhook signature.`,
  not_enough_points: msg`You do not have enough points for that.`,
  streak_freezes_full: msg`You already hold as many streak freezes as you can.`,
  league_full: msg`This league is full.`,
  league_limit: msg`You are in as many leagues as you can be.`,
  export_too_soon: msg`You can prepare a new archive once an hour. Please try again later.`,
};

/** Each reason's words (the server's English is in core/server-messages.ts and core/messages.ts). */
const REASON_MESSAGES: Record<ErrorReason, MessageDescriptor> = {
  signIn: msg`Please sign in.`,
  sessionExpired: msg`Your session has expired. Please sign in again.`,
  signInTooOld: msg`Please sign in again: that sign-in is too old.`,
  accountRequired: msg`Create an account to do that.`,
  forbidden: msg`You are not allowed to do that.`,
  notFound: msg`Not found.`,
  routeNotFound: msg`That no longer exists.`,
  crossSite: msg`Cross-site requests are not allowed.`,
  nulInText: msg`Text may not contain NUL characters.`,
  internal: API_ERROR_MESSAGES.unexpected,
  databaseUnavailable: msg`The service is briefly unavailable. Please try again in a few seconds.`,
  storageUnavailable: msg`Photos cannot be saved right now; nothing was stored. Please try again later.`,
  tooManyRequests: msg`Too many requests, try again later.`,
  noSuchUser: msg`No such user.`,
  noAvatar: msg`No avatar.`,
  noSuchMessage: msg`No such message.`,
  messageIdTaken: msg`That message id belongs to someone else.`,
  cannotFollowSelf: msg`You cannot follow yourself.`,
  premiumRequired: msg`Chat is for premium members. Get premium to chat.`,
  otherNotPremium: msg`You can only chat with premium members.`,
  paymentsNotConfigured: msg`Payments are not set up on this server.`,
  chatBlocked: msg`You cannot send messages in this conversation.`,
  cannotChatWithSelf: msg`You cannot chat with yourself.`,
  emptyMessage: msg`Write a message first.`,
  invalidSignature: msg`Invalid webhook signature.`,
  notYourReceipt: msg`That receipt is not yours.`,
  exportTooSoon: msg`You can prepare a new archive once an hour. Please try again later.`,
  exportUnavailable: msg`This download is not available. Ask for a new one.`,
  chatSocketUpgrade: msg`Something in this request is not right. Please check it and try again.`,
  photoMissing: msg`Add a photo.`,
  photoTooLarge: msg`The photo is too large: at most ${PHOTO_MAX_MB} MB.`,
  photoTooManyPixels: msg`The photo is too large: at most ${PHOTO_MAX_MEGAPIXELS} megapixels.`,
  photoUnsupported: msg`This file is not a photo we can read. Use a JPEG, PNG, WebP or AVIF image.`,
  photoUnreadable: msg`The photo could not be read. It may be damaged; try another one.`,
  typeInvalid: msg`Choose one of the nine types.`,
  titleTooLong: msg`The title can be at most ${POOP_TITLE_MAX_LENGTH} characters.`,
  descriptionTooLong: msg`The description can be at most ${POOP_DESCRIPTION_MAX_LENGTH} characters.`,
  placeNameTooLong: msg`The place name can be at most ${POOP_PLACE_NAME_MAX_LENGTH} characters.`,
  coordinatesIncomplete: msg`Send both latitude and longitude, or neither.`,
  createdDateInvalid: msg`The time the post was made is not a valid date and time.`,
  commentEmpty: msg`Write something first.`,
  commentTooLong: msg`A comment can be at most ${COMMENT_MAX_LENGTH} characters.`,
  poopNotFound: msg`This poop does not exist or is not visible to you.`,
  commentNotFound: msg`This comment does not exist or is not visible to you.`,
  poopIdTaken: msg`Another post already uses this id.`,
  commentIdTaken: msg`Another comment already uses this id.`,
  notYourPoop: msg`Only the owner can change this post.`,
  cannotDeleteComment: msg`Only the author, the post owner or an admin can delete this comment.`,
  badCursor: msg`This page link is not valid; start again from the first page.`,
  usernameLength: msg`Usernames are ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long.`,
  usernameChars: msg`Usernames may use letters, digits, "_" and "." only.`,
  usernameTaken: msg`That username is already taken.`,
};

/** Why a username cannot be had, in the reader's language (the welcome's live check, Account). */
const USERNAME_PROBLEM_REASONS: Record<UsernameProblem, ErrorReason> = {
  length: 'usernameLength',
  chars: 'usernameChars',
  taken: 'usernameTaken',
};

export function usernameProblemText(problem: UsernameProblem): string {
  return reasonText(USERNAME_PROBLEM_REASONS[problem]);
}

/** A reason's words in the reader's language, for a check the app makes before asking (an empty comment). */
export function reasonText(reason: ErrorReason): string {
  return i18n._(REASON_MESSAGES[reason]);
}

const isKnown = <K extends string>(table: Record<K, MessageDescriptor>, key: string | undefined): key is K =>
  key !== undefined && Object.hasOwn(table, key);

/** Whether the error is the API's answer with this code. */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

/** A guest (or a stale tab) tried something that needs an account: the caller opens the login wall. */
export const isAccountRequired = (error: unknown): boolean => hasErrorCode(error, 'account_required');

/** The resource is gone or hidden from this viewer. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The text for an API failure, in the reader's language: its reason's words, else its code's,
 * else a general sentence (a proxy's or a newer server's code the app does not know yet).
 */
export function apiErrorText(error: ApiError): string {
  if (error.isNetworkError) return i18n._(API_ERROR_MESSAGES.network);
  if (isKnown(REASON_MESSAGES, error.reason)) return i18n._(REASON_MESSAGES[error.reason]);
  if (isKnown(CODE_MESSAGES, error.code)) return i18n._(CODE_MESSAGES[error.code]);
  return i18n._(API_ERROR_MESSAGES.unexpected);
}
