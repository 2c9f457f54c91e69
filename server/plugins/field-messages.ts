import type { FastifySchemaValidationError } from 'fastify';
import type { ErrorDetails } from '../../core/errors';
import { ValidationError } from '../errors';

/** The field a schema failure is about ('title' for '/title', or the missing property) and its limit. */
function detailsOf(error: FastifySchemaValidationError | undefined): ErrorDetails {
  if (!error) return {};
  const missing = error.params?.missingProperty;
  const field = typeof missing === 'string' ? missing : error.instancePath.replace(/^\//, '');
  const limit = error.params?.limit;
  return { ...(field ? { field } : {}), ...(typeof limit === 'number' ? { params: { limit } } : {}) };
}

/**
 * A schemaErrorFormatter that answers the given message for a field's failure, e.g.
 * `{ '/title': 'The title can be at most 100 characters.', 'photo': 'Add a photo.' }`:
 * keys are the failing instance path (optionally with the failing keyword, '/text:minLength'),
 * or the name of a missing required property. The answer also names the field and its limit.
 */
export function fieldMessages(messages: Record<string, string>) {
  return (errors: FastifySchemaValidationError[], dataVar: string): Error => {
    const error = errors[0];
    const missing = error?.params?.missingProperty;
    const message =
      (typeof missing === 'string' ? messages[missing] : undefined) ??
      (error ? (messages[`${error.instancePath}:${error.keyword}`] ?? messages[error.instancePath]) : undefined);
    if (message) return new ValidationError(message, 'bad_request', detailsOf(error));
    const detail = error ? `${dataVar}${error.instancePath} ${error.message ?? 'is invalid'}` : `${dataVar} is invalid`;
    return new ValidationError(`Invalid ${dataVar}: ${detail}`, 'bad_request', detailsOf(error));
  };
}
