import { personalZone } from '../../../core/personal-day';
import { deviceTimeZone } from '../../lib/device-time-zone';
import type { DayRow } from './report-model';
import type { ReportPhoto } from './report-pdf';

/** The zone "today" is read in: the device's (the one the app records for the account), New York when it names none. */
export function reportTimeZone(): string {
  return personalZone(deviceTimeZone());
}

/** The file name of a report, e.g. plop-diary-2026-11-02-to-2026-11-15.pdf. */
export function reportFileName(range: { from: string; to: string }, extension: 'pdf' | 'csv'): string {
  return `plop-diary-${range.from}-to-${range.to}.${extension}`;
}

/** Saves `file` through the browser's download (the file never leaves the device). */
export function downloadFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Whether this browser can hand a file of this type to another app (Web Share Level 2). */
export function canShareFiles(type: string): boolean {
  if (typeof navigator.canShare !== 'function') return false;
  return navigator.canShare({ files: [new File([''], 'report', { type })] });
}

/** A post's thumbnail as JPEG bytes for the PDF (pdf-lib takes JPEG and PNG; thumbnails are WebP). */
async function thumbnailJpeg(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (blob === null) throw new Error(`could not re-encode ${url}`);
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * The photos of the report's posts, read from the network or, offline, from the worker's image
 * cache; answers those it got and how many it could not get (not cached while offline).
 */
export async function reportPhotos(days: readonly DayRow[]): Promise<{ photos: ReportPhoto[]; missing: number }> {
  const withPhoto = days.filter((day): day is DayRow & { thumbnail: string } => day.thumbnail !== null);
  const results = await Promise.allSettled(withPhoto.map((day) => thumbnailJpeg(day.thumbnail)));
  const photos: ReportPhoto[] = [];
  results.forEach((result, index) => {
    const day = withPhoto[index];
    if (result.status === 'fulfilled' && day) photos.push({ entryId: day.entryId, jpeg: result.value, caption: `${day.date} ${day.time}` });
  });
  return { photos, missing: withPhoto.length - photos.length };
}
