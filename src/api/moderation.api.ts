import type { ModerationPoop, Overview, ReportSummary, SaveImageResult, VerificationQueue, VerifyResult } from '../../core/moderation-api';
import type { PoopType } from '../../core/poop';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** Moderation (issue 24): admin-only calls. Keys live under `private`, so sign-out clears them. */
export const moderationKeys = {
  all: () => [...queryKeys.private(), 'moderation'] as const,
  queue: () => [...moderationKeys.all(), 'verification'] as const,
  review: () => [...moderationKeys.all(), 'review'] as const,
  unverified: () => [...moderationKeys.all(), 'unverified'] as const,
  overview: (from: string, to: string) => [...moderationKeys.all(), 'overview', from, to] as const,
  report: (day?: string) => [...moderationKeys.all(), 'report', day ?? 'latest'] as const,
};

export const getVerificationQueue = (signal?: AbortSignal) => apiFetch<VerificationQueue>('/api/admin/verification', { signal });

export const verifyPoop = (id: string, type: PoopType) =>
  apiFetch<VerifyResult>(`/api/admin/verification/${encodeURIComponent(id)}`, { method: 'POST', body: { type } });

export async function getReviewQueue(signal?: AbortSignal): Promise<ModerationPoop[]> {
  return (await apiFetch<{ poops: ModerationPoop[] }>('/api/admin/review', { signal })).poops;
}

export async function getUnverified(signal?: AbortSignal): Promise<ModerationPoop[]> {
  return (await apiFetch<{ poops: ModerationPoop[] }>('/api/admin/unverified', { signal })).poops;
}

export async function reviewPoop(id: string, decision: 'approve' | 'deny'): Promise<ModerationPoop> {
  return (
    await apiFetch<{ poop: ModerationPoop }>(`/api/admin/poops/${encodeURIComponent(id)}/review`, { method: 'POST', body: { decision } })
  ).poop;
}

export async function changePoopType(id: string, type: PoopType): Promise<ModerationPoop> {
  return (await apiFetch<{ poop: ModerationPoop }>(`/api/admin/poops/${encodeURIComponent(id)}/type`, { method: 'POST', body: { type } }))
    .poop;
}

export async function markPoopVerified(id: string): Promise<ModerationPoop> {
  return (await apiFetch<{ poop: ModerationPoop }>(`/api/admin/poops/${encodeURIComponent(id)}/verified`, { method: 'POST' })).poop;
}

export const saveImageToDrive = (downloadUrl: string, type: PoopType) =>
  apiFetch<SaveImageResult>('/api/saveImageToDrive', { method: 'POST', body: { downloadUrl, type } });

export const getOverview = (from: string, to: string, signal?: AbortSignal) =>
  apiFetch<Overview>(`/api/admin/overview?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { signal });

export const getReport = (day: string | undefined, signal?: AbortSignal) =>
  apiFetch<ReportSummary>(day ? `/api/admin/report?day=${encodeURIComponent(day)}` : '/api/admin/report', { signal });
