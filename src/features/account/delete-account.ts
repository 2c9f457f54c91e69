/** The word a person types to confirm deleting their account. */
export const DELETE_CONFIRM_WORD = 'DELETE';

/** What the landing says after the account was deleted. */
export const ACCOUNT_DELETED_TEXT = 'Your account has been deleted.';

/** Deleting needs the word typed exactly: surrounding spaces are forgiven, another case is not. */
export function isDeleteConfirmed(typed: string): boolean {
  return typed.trim() === DELETE_CONFIRM_WORD;
}
