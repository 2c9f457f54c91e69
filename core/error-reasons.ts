import { POOP_MESSAGES } from './messages';
import { SERVER_MESSAGES } from './server-messages';
import { USERNAME_MESSAGES } from './username';

/**
 * The precise failures the API names in `error.reason`, beside the coarser `error.code` (issue 62):
 * each reason is the key of its English text here, so the server keeps spelling its messages in
 * one place and the app translates the key (src/api/error-text.ts), never the English words.
 * A reason is stable: renaming a key is an API change.
 */
const REASON_TEXTS = {
  ...SERVER_MESSAGES,
  ...POOP_MESSAGES,
  usernameLength: USERNAME_MESSAGES.length,
  usernameChars: USERNAME_MESSAGES.chars,
  usernameTaken: USERNAME_MESSAGES.taken,
} as const;

export type ErrorReason = keyof typeof REASON_TEXTS;

export const ERROR_REASONS = Object.keys(REASON_TEXTS) as ErrorReason[];

const REASON_BY_TEXT = new Map<string, ErrorReason>(ERROR_REASONS.map((reason) => [REASON_TEXTS[reason], reason]));

/** The reason an error message is the text of, if it is one of them. */
export function reasonOfMessage(message: string): ErrorReason | undefined {
  return REASON_BY_TEXT.get(message);
}
