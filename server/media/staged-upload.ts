import type { UploadedFile } from '../../core/poop-api';

/**
 * An uploaded file streamed to a staging file on disk (plugins/multipart-upload.ts), so its body
 * is never held whole in memory before the image pipeline admits it. Only this class is accepted
 * as a staged file: a form field sent as JSON (`{"path": ...}`) is plain data, never a path to read.
 */
export class StagedUpload implements UploadedFile {
  constructor(
    /** Where the bytes are; removed when the response is done. */
    readonly path: string,
    readonly bytes: number,
  ) {}
}
