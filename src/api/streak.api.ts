import { queryOptions } from '@tanstack/react-query';
import type { StreakFreezeBody, StreakSettingsBody, StreakStatus } from '../../core/streak-api';
import { apiFetch } from './api-client';
import { sendOrQueue, type Queued } from './outbox';
import { queryKeys } from './query-keys';
import { randomId } from '../lib/random-id';

/** The caller's streak, freezes and reminder setting (issue 44). */
export const streakQuery = () =>
  queryOptions({ queryKey: queryKeys.streak(), queryFn: ({ signal }) => apiFetch<StreakStatus>('/api/streak', { signal }) });

/**
 * Buys a streak freeze under an id made here, dated now (a purchase made offline counts from then): sent now, or queued in the outbox offline (the
 * replayed PUT with the same id buys one freeze, whatever happens in between).
 */
export function buyStreakFreeze(): Promise<StreakStatus | Queued> {
  const id = randomId();
  const body: StreakFreezeBody = { boughtAt: new Date().toISOString() };
  return sendOrQueue<StreakStatus>({ kind: 'streak-freeze-buy', method: 'PUT', path: `/api/streak/freezes/${id}`, target: id, body });
}

export function updateStreakSettings(body: StreakSettingsBody): Promise<StreakStatus> {
  return apiFetch<StreakStatus>('/api/streak/settings', { method: 'PATCH', body });
}
