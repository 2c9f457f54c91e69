import { Type, type Static } from 'typebox';
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
