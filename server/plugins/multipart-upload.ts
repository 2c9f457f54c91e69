import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { PayloadTooLargeError } from '../errors';

export interface UploadOptions {
  /** The largest file accepted, in bytes; beyond it the request fails with 413 while streaming. */
  maxFileBytes: number;
  /** The message of that 413. */
  tooLargeMessage: string;
}

/** Text fields of an upload form are short; anything bigger is not ours. */
const MAX_FIELD_BYTES = 16 * 1024;
const MAX_FIELDS = 20;

/**
 * Accepts multipart/form-data in the plugin that calls it (routes registered in that plugin
 * only): at most one file, buffered in memory up to `maxFileBytes`, and the fields attached to
 * `request.body` as plain values, so the route's body schema validates them like JSON. Call it
 * inside an encapsulated route plugin (avatar uploads reuse it the same way).
 */
export async function registerMultipartUpload(app: FastifyInstance, options: UploadOptions): Promise<void> {
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 1, fileSize: options.maxFileBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    async onFile(part: MultipartFile) {
      try {
        // `value` is what keyValues attaches to the body: the file's bytes as a Buffer.
        (part as MultipartFile & { value: Buffer }).value = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLargeError(options.tooLargeMessage);
        }
        throw error;
      }
    },
  });
}

const formAjv = addFormats(new Ajv({ removeAdditional: true, useDefaults: true, coerceTypes: true, allErrors: false, strict: false }));

/**
 * The validator for multipart bodies: form fields arrive as text, so "true" and "40.7" are
 * coerced to the schema's boolean and number (JSON bodies stay strict, see validation.ts).
 */
export const formValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => formAjv.compile(schema as object);
