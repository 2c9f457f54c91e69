import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

const shared: Options = { useDefaults: true, allErrors: false, strict: false };

/**
 * JSON bodies are validated as sent: a number is not a string, and a field the schema
 * does not know is an error rather than silently dropped. Path and query parameters,
 * which arrive as text, are coerced to the schema's types.
 */
export function registerValidation(app: FastifyInstance): void {
  const strictBody = addFormats(new Ajv({ ...shared, coerceTypes: false, removeAdditional: false }));
  const coercing = addFormats(new Ajv({ ...shared, coerceTypes: 'array', removeAdditional: true }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strictBody : coercing).compile(schema));
}
