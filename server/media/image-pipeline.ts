import fs from 'node:fs/promises';
import sharp, { type OutputInfo } from 'sharp';
import {
  PHOTO_DISPLAY_MAX_SIDE,
  PHOTO_DISPLAY_WEBP_QUALITY,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_PLACEHOLDER_MAX_SIDE,
  PHOTO_PLACEHOLDER_WEBP_QUALITY,
  PHOTO_THUMB_MAX_SIDE,
  PHOTO_THUMB_WEBP_QUALITY,
} from '../../core/constants';
import { POOP_MESSAGES } from '../../core/messages';
import type { UploadedFile } from '../../core/poop-api';
import { PayloadTooLargeError, RetryLaterError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import { StagedUpload } from './staged-upload';

// libvips keeps decoded images in a cache of its own (up to ~50 MB plus 100 operations) and
// runs one thread per core on each image: neither helps a server that sees each upload once,
// and both make four uploads at once cost memory. Uploads go through a small queue instead.
sharp.cache(false);
sharp.concurrency(1);

/** Uploads processed at once; more wait in the queue. */
export const IMAGE_PIPELINE_CONCURRENCY = 2;
/** Uploads that may wait; beyond that the server answers 503 until one finishes. */
export const IMAGE_PIPELINE_QUEUE_MAX = 16;
/**
 * libwebp's effort (0-6) for the display image: 2 encodes a 2048 px image in about half the
 * time of the default 4, for files a few per cent larger at the same quality.
 */
const DISPLAY_WEBP_EFFORT = 2;

/** Seconds a refused upload is told to wait: about what two slots take to process the queue. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/** The queue is full: 503, try again shortly. */
export class PipelineBusyError extends RetryLaterError {
  constructor() {
    super(503, 'Too many photos are being processed right now. Please try again in a moment.', UPLOAD_RETRY_AFTER_SECONDS);
  }
}

let running = 0;
const waiting: Array<() => void> = [];

/** Whether a new upload would be refused by the queue now (checked before its body is read). */
export function pipelineIsFull(): boolean {
  return running >= IMAGE_PIPELINE_CONCURRENCY && waiting.length >= IMAGE_PIPELINE_QUEUE_MAX;
}

/** Runs `task` when one of IMAGE_PIPELINE_CONCURRENCY slots is free; refuses when the queue is full. */
async function inQueue<T>(task: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_PIPELINE_CONCURRENCY) {
    if (waiting.length >= IMAGE_PIPELINE_QUEUE_MAX) throw new PipelineBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

export interface ProcessedImage {
  display: EncodedImage;
  thumb: EncodedImage;
  /** A tiny blurred WebP as a data: URL (a few hundred bytes) to show while loading. */
  placeholder: string;
}

const HEIF_BRANDS: Record<string, SniffedFormat> = {
  avif: 'avif',
  avis: 'avif',
  heic: 'heic',
  heix: 'heic',
  hevc: 'heic',
  hevx: 'heic',
  heim: 'heic',
  heis: 'heic',
  mif1: 'heic',
  msf1: 'heic',
};

/**
 * The image format the bytes really are, from their magic numbers; the file name and the
 * Content-Type the client sent are ignored (an HTML file renamed .jpg is not a JPEG).
 */
export function sniffImageFormat(bytes: Uint8Array): SniffedFormat | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO base media file: a box size, then 'ftyp' and the major brand.
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') return HEIF_BRANDS[ascii(8, 12)];
  return undefined;
}

/**
 * Turns an upload into what we store: checked (magic bytes, size, pixel count read from the
 * header before any decoding), auto-oriented, re-encoded as WebP in a display and a thumbnail
 * size, plus an inline placeholder. The output is encoded from raw pixels, so no metadata of
 * the original (EXIF, GPS, XMP, IPTC, ICC) can survive.
 */
export async function processImage(input: Uint8Array | UploadedFile): Promise<ProcessedImage> {
  return inQueue(() => decodeAndEncode(input));
}

/** The first bytes of a staged file, enough to sniff its format. */
async function headOf(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function decodeAndEncode(upload: Uint8Array | UploadedFile): Promise<ProcessedImage> {
  // A form part sent as JSON arrives parsed, as plain data: it is no file at all (only the
  // multipart plugin makes StagedUploads, so a JSON part can never name a path to read).
  let input: Uint8Array | string;
  let size: number;
  let head: Uint8Array;
  if (upload instanceof StagedUpload) {
    input = upload.path;
    size = upload.bytes;
    head = size > PHOTO_MAX_BYTES ? new Uint8Array() : await headOf(upload.path);
  } else if (upload instanceof Uint8Array) {
    input = upload;
    size = upload.length;
    head = upload;
  } else {
    throw new ValidationError(POOP_MESSAGES.photoMissing);
  }
  if (size > PHOTO_MAX_BYTES) throw new PayloadTooLargeError(POOP_MESSAGES.photoTooLarge);
  if (!sniffImageFormat(head)) throw new UnsupportedMediaTypeError(POOP_MESSAGES.photoUnsupported);

  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', animated: false } as const;
  // Reads the header only: a pixel bomb is refused here, before anything is decoded.
  const meta = await sharp(input, options)
    .metadata()
    .catch((error: unknown) => {
      throw refusal(error, POOP_MESSAGES.photoUnsupported);
    });
  if (!meta.width || !meta.height) throw new UnsupportedMediaTypeError(POOP_MESSAGES.photoUnreadable);
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw new PayloadTooLargeError(POOP_MESSAGES.photoTooManyPixels);

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, options)
      .rotate()
      .resize({
        width: PHOTO_DISPLAY_MAX_SIDE,
        height: PHOTO_DISPLAY_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    // HEIC that this build of libvips cannot decode, or a damaged file.
    throw refusal(error, POOP_MESSAGES.photoUnreadable);
  }

  const { width, height, channels } = pixels.info;
  const fromPixels = () => sharp(pixels.data, { raw: { width, height, channels } });
  const [display, thumb, tiny] = await Promise.all([
    fromPixels().webp({ quality: PHOTO_DISPLAY_WEBP_QUALITY, effort: DISPLAY_WEBP_EFFORT }).toBuffer({ resolveWithObject: true }),
    fromPixels()
      .resize({ width: PHOTO_THUMB_MAX_SIDE, height: PHOTO_THUMB_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: PHOTO_THUMB_WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true }),
    fromPixels()
      .resize({ width: PHOTO_PLACEHOLDER_MAX_SIDE, height: PHOTO_PLACEHOLDER_MAX_SIDE, fit: 'inside' })
      .webp({ quality: PHOTO_PLACEHOLDER_WEBP_QUALITY })
      .toBuffer(),
  ]);
  return {
    display: { bytes: display.data, width: display.info.width, height: display.info.height, contentType: 'image/webp' },
    thumb: { bytes: thumb.data, width: thumb.info.width, height: thumb.info.height, contentType: 'image/webp' },
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/** What a sharp failure means for the caller: too many pixels (413), else not an image we can read (415). */
function refusal(error: unknown, message: string): PayloadTooLargeError | UnsupportedMediaTypeError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new PayloadTooLargeError(POOP_MESSAGES.photoTooManyPixels);
  }
  return new UnsupportedMediaTypeError(message);
}
