import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, HookHandlerDoneFunction } from 'fastify';
import { PayloadTooLargeError } from '../errors';
import { StagedUpload } from '../media/staged-upload';
import type { UploadGate } from './upload-gate';

export interface UploadOptions {
  /** The largest file accepted, in bytes; beyond it the request fails with 413 while streaming. */
  maxFileBytes: number;
  /** The message of that 413. */
  tooLargeMessage: string;
  /** Admits an upload before its body is read (bytes in flight, uploads per user, the pipeline's queue). */
  gate: UploadGate;
}

/** Text fields of an upload form are short; anything bigger is not ours. */
const MAX_FIELD_BYTES = 16 * 1024;
const MAX_FIELDS = 20;

declare module 'fastify' {
  interface FastifyRequest {
    /** Staging files of this request's uploads, removed when its response is done. */
    stagedFiles: string[] | undefined;
  }
}

/**
 * Accepts multipart/form-data in the plugin that calls it (routes registered in that plugin
 * only): at most one file, streamed to a staging file (`gate.stagingDir`, which the storage
 * sweep empties after a crash) up to `maxFileBytes`, never held whole in memory; the fields are
 * attached to `request.body` as plain values (the file as a StagedUpload), so the route's body
 * schema validates them like JSON. Each upload route's onRequest must end with `gate.admit`.
 * Call it inside an encapsulated route plugin (avatar uploads reuse it the same way).
 */
export async function registerMultipartUpload(app: FastifyInstance, options: UploadOptions): Promise<void> {
  if (!app.hasRequestDecorator('stagedFiles')) app.decorateRequest('stagedFiles', undefined);
  // The staged file goes once the answer is ready (the handler is done with it), or when the
  // connection drops before that, whatever happened. Only an upload can have one: the other routes
  // of the plugin (the feed, in the posts' plugin) pass both hooks at no cost.
  const removeStaged = async (request: FastifyRequest) => {
    const files = request.stagedFiles ?? [];
    request.stagedFiles = undefined;
    await Promise.all(files.map((file) => fs.promises.rm(file, { force: true })));
  };
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.isMultipart()) reply.raw.once('close', () => void removeStaged(request));
    done();
  });
  app.addHook(
    'onSend',
    (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: Error | null, payload: unknown) => void) => {
      if (request.stagedFiles === undefined) return done(null, payload);
      removeStaged(request).then(
        () => done(null, payload),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), payload),
      );
    },
  );
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 1, fileSize: options.maxFileBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    async onFile(this: FastifyRequest, part: MultipartFile) {
      await fs.promises.mkdir(options.gate.stagingDir, { recursive: true });
      const file = path.join(options.gate.stagingDir, `${randomUUID()}.upload`);
      this.stagedFiles = [...(this.stagedFiles ?? []), file];
      await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
      // Busboy stops at the limit (and drains the rest): the staged file holds at most maxFileBytes.
      if (part.file.truncated) throw new PayloadTooLargeError(options.tooLargeMessage);
      const { size } = await fs.promises.stat(file);
      // `value` is what keyValues attaches to the body.
      (part as MultipartFile & { value: StagedUpload }).value = new StagedUpload(file, size);
    },
  });
}

const formAjv = addFormats(new Ajv({ removeAdditional: true, useDefaults: true, coerceTypes: true, allErrors: false, strict: false }));

/**
 * The validator for multipart bodies: form fields arrive as text, so "true" and "40.7" are
 * coerced to the schema's boolean and number (JSON bodies stay strict, see validation.ts).
 */
export const formValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => formAjv.compile(schema as object);
