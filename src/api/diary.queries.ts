import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DiaryQuery, DiaryResponse } from '../../core/diary-read-api';
import { getDiary } from './diary.api';
import { queryKeys } from './query-keys';

/**
 * The caller's diary over a range. Kept in the persisted query cache like every read (a day), so a
 * report opened online can be made again offline.
 */
export const diaryQuery = (query: DiaryQuery) =>
  queryOptions({
    queryKey: queryKeys.diaryReport(query.from, query.to, query.tz ?? ''),
    queryFn: ({ signal }) => getDiary(query, signal),
  });

/**
 * Offline, another range than the one read online: the entries of a cached read in the same zone
 * that covers it, cut to the range (undefined when none does).
 */
export function cachedDiaryCovering(client: QueryClient, query: DiaryQuery): DiaryResponse | undefined {
  const reportKey = queryKeys.diaryReport('', '', '');
  for (const [key, data] of client.getQueriesData<DiaryResponse>({ queryKey: queryKeys.diary() })) {
    // Only the report's reads (other diary reads share the prefix).
    if (key.length !== reportKey.length || key[reportKey.length - 4] !== 'report') continue;
    const [from, to, tz] = key.slice(-3) as [string, string, string];
    if (data === undefined || tz !== (query.tz ?? '') || from > query.from || to < query.to) continue;
    return { entries: data.entries.filter((entry) => entry.day >= query.from && entry.day <= query.to) };
  }
  return undefined;
}
