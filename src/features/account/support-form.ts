import { msg } from '@lingui/core/macro';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../../../core/constants';

/** What Help says about the support message, in the reader's language (core's SUPPORT_MESSAGES, for the app). */
export const SUPPORT_TEXT = {
  empty: msg`Please write a message.`,
  tooLong: msg`Please keep your message under ${SUPPORT_MESSAGE_MAX_LENGTH} characters.`,
  sent: msg`Thanks! Your message reached our support team.`,
} as const;

/** The message to send (trimmed), or why it cannot be sent; the same rules as POST /api/support. */
export function checkSupportMessage(raw: string): { ok: true; message: string } | { ok: false; error: 'empty' | 'tooLong' } {
  const message = raw.trim();
  if (message === '') return { ok: false, error: 'empty' };
  if (message.length > SUPPORT_MESSAGE_MAX_LENGTH) return { ok: false, error: 'tooLong' };
  return { ok: true, message };
}

/** The counter under the message box, e.g. '12 / 2000'. */
export function supportCounter(raw: string): string {
  return `${raw.length} / ${SUPPORT_MESSAGE_MAX_LENGTH}`;
}
