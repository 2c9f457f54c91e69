/** Pure size math of the in-browser photo compression (compress-photo.ts does the drawing). */

export interface Size {
  width: number;
  height: number;
}

/**
 * The size that keeps the aspect ratio with the longest side at most `maxSide`; smaller
 * photos keep their size (never upscaled). Sides are whole pixels, at least 1.
 */
export function fitWithin(width: number, height: number, maxSide: number): Size {
  if (!(width > 0 && height > 0 && maxSide > 0)) throw new RangeError(`cannot fit ${width}x${height} within ${maxSide}`);
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.min(maxSide, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxSide, Math.round(height * scale))),
  };
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/avif': 'avif',
};

/** The file name an upload is sent under: `photo.webp`, `photo.jpg` (the server sniffs the bytes anyway). */
export function photoFileName(mimeType: string): string {
  return `photo.${EXTENSIONS[mimeType] ?? 'bin'}`;
}

/** '840 KB', '1.4 MB': a file size for people. */
export function formatBytes(bytes: number, locale: string): string {
  if (bytes < 1024 * 1024) return `${new Intl.NumberFormat(locale).format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  const megabytes = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}
