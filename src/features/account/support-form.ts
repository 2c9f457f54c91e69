import { SUPPORT_MESSAGES } from '../../../core/account-api';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../../../core/constants';

/** The message to send (trimmed), or why it cannot be sent; the same rules as POST /api/support. */
export function checkSupportMessage(raw: string): { ok: true; message: string } | { ok: false; error: string } {
  const message = raw.trim();
  if (message === '') return { ok: false, error: SUPPORT_MESSAGES.empty };
  if (message.length > SUPPORT_MESSAGE_MAX_LENGTH) return { ok: false, error: SUPPORT_MESSAGES.tooLong };
  return { ok: true, message };
}

/** The counter under the message box, e.g. '12 / 2000'. */
export function supportCounter(raw: string): string {
  return `${raw.length} / ${SUPPORT_MESSAGE_MAX_LENGTH}`;
}
