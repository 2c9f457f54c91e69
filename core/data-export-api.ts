import { Type, type Static } from 'typebox';
import { DATA_EXPORT_MIN_INTERVAL_MINUTES } from './constants';
import { Uuid } from './poop-api';

// "Download my data" (issue 43): a ZIP of everything an account owns, made by a background job
// and offered, to its owner only, for DATA_EXPORT_LINK_HOURS (core/constants.ts) once ready.

export const DataExportSchema = Type.Object({
  id: Uuid,
  status: Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed')]),
  requestedAt: Type.String(),
  readyAt: Type.Union([Type.String(), Type.Null()]),
  /** Until when the link works (ready exports only). */
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  /** The archive's size in bytes (ready exports only). */
  size: Type.Union([Type.Integer(), Type.Null()]),
  /** Where to download it, with the owner's session (ready exports only). */
  downloadUrl: Type.Union([Type.String(), Type.Null()]),
  /** Pending exports only: its place among the exports waiting to be prepared (1: next or being prepared). */
  queuePosition: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
});
export type DataExport = Static<typeof DataExportSchema>;

/** The caller's newest export that is waiting or still downloadable; null when none. */
export const DataExportResponse = Type.Object({ export: Type.Union([DataExportSchema, Type.Null()]) });
export type DataExportResponse = Static<typeof DataExportResponse>;

export const DataExportParams = Type.Object({ id: Uuid });

/** The download path of an export. */
export function dataExportDownloadPath(id: string): string {
  return `/api/me/exports/${id}/download`;
}

/** The file name the archive is saved under, e.g. plop-data-2026-11-27.zip. */
export function dataExportFileName(readyAt: Date): string {
  return `plop-data-${readyAt.toISOString().slice(0, 10)}.zip`;
}

/** What a request for a new export does, given the person's newest export (issue 61). */
export type DataExportDecision =
  { action: 'create' } | { action: 'answer' } | { action: 'restart' } | { action: 'replace' } | { action: 'too_soon'; retryAt: Date };

/** The parts of an export the decision reads; `stalled`: pending, started, and silent past its expiry. */
export interface DataExportState {
  status: DataExport['status'];
  requestedAt: Date;
  stalled: boolean;
}

/**
 * At most one archive per person and one new archive an hour: a pending export is answered (or
 * started afresh once stalled); a ready one younger than DATA_EXPORT_MIN_INTERVAL_MINUTES makes the
 * caller wait, an older one is replaced (its file deleted first); a failed one left nothing on disk.
 */
export function dataExportDecision(latest: DataExportState | undefined, now: Date): DataExportDecision {
  if (latest === undefined || latest.status === 'failed') return { action: 'create' };
  if (latest.status === 'pending') return latest.stalled ? { action: 'restart' } : { action: 'answer' };
  const retryAt = new Date(latest.requestedAt.getTime() + DATA_EXPORT_MIN_INTERVAL_MINUTES * 60_000);
  return retryAt <= now ? { action: 'replace' } : { action: 'too_soon', retryAt };
}
