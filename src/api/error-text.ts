import type { ErrorCode } from '../../core/errors';
import { ApiError } from './api-error';

/**
 * The one place the client turns an API failure into text, and asks what kind of failure it was:
 * components never compare error codes as strings. The server's messages come from core/messages.ts
 * and are shown as they are; a request that never got an answer gets the network text.
 */
export const API_ERROR_TEXT = {
  network: 'Network error. Please try again.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

/** Whether the error is the API's answer with this code. */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

/** A guest (or a stale tab) tried something that needs an account: the caller opens the login wall. */
export const isAccountRequired = (error: unknown): boolean => hasErrorCode(error, 'account_required');

/** The resource is gone or hidden from this viewer. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The text for an API failure. */
export function apiErrorText(error: ApiError): string {
  if (error.isNetworkError) return API_ERROR_TEXT.network;
  return error.message.trim() === '' ? API_ERROR_TEXT.unexpected : error.message;
}
