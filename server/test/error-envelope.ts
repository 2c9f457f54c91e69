import { ErrorBody } from '../../core/api';

const FIELDS = new Set(Object.keys(ErrorBody.properties.error.properties));

/**
 * Whether a body is the API's error envelope (core/api.ts `ErrorBody`) and nothing more: `error`
 * alone, with a string `code` and `message`, and only the optional fields the schema names
 * (`reason`, `field`, `params`), so nothing else leaks through an error.
 */
export function isErrorEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error') return false;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const fields = error as Record<string, unknown>;
  return (
    typeof fields.code === 'string' &&
    typeof fields.message === 'string' &&
    Object.keys(fields).every((key) => FIELDS.has(key)) &&
    ['reason', 'field'].every((key) => fields[key] === undefined || typeof fields[key] === 'string') &&
    (fields.params === undefined || (typeof fields.params === 'object' && fields.params !== null))
  );
}
