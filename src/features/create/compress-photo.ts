import { PHOTO_DISPLAY_MAX_SIDE, PHOTO_UPLOAD_QUALITIES, PHOTO_UPLOAD_TARGET_BYTES } from '../../../core/constants';
import { fitWithin, type Size } from './photo-size';

export interface CompressedPhoto extends Size {
  blob: Blob;
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function createCanvas({ width, height }: Size): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toBlob(canvas: AnyCanvas, type: string, quality: number): Promise<Blob> {
  if (canvas instanceof HTMLCanvasElement) {
    return new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))), type, quality);
    });
  }
  return canvas.convertToBlob({ type, quality });
}

/** Browsers that cannot encode WebP answer PNG instead (Safari before 17): JPEG is then the smaller choice. */
async function encode(canvas: AnyCanvas, quality: number): Promise<Blob> {
  const webp = await toBlob(canvas, 'image/webp', quality);
  if (webp.type === 'image/webp') return webp;
  return toBlob(canvas, 'image/jpeg', quality);
}

/**
 * Decodes a photo the right way up (EXIF orientation), scales it to PHOTO_DISPLAY_MAX_SIDE and
 * re-encodes it as WebP (JPEG where WebP cannot be encoded), lowering the quality until it fits
 * PHOTO_UPLOAD_TARGET_BYTES. Re-encoding also drops the metadata (GPS, camera) before upload.
 * Rejects when the browser cannot decode the file.
 */
export async function compressPhoto(file: Blob): Promise<CompressedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, PHOTO_DISPLAY_MAX_SIDE);
    const canvas = createCanvas(size);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: getContext on the canvas union widens to RenderingContext
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (context === null) throw new Error('This browser cannot draw the photo.');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    let blob: Blob | undefined;
    for (const quality of PHOTO_UPLOAD_QUALITIES) {
      blob = await encode(canvas, quality);
      if (blob.size <= PHOTO_UPLOAD_TARGET_BYTES) break;
    }
    if (blob === undefined) throw new Error('The photo could not be encoded.');
    return { blob, ...size };
  } finally {
    bitmap.close();
  }
}
