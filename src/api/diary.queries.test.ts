import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { EMPTY_HEALTH_DETAILS, type DiaryEntry } from '../../core/diary';
import { cachedDiaryCovering } from './diary.queries';
import { queryKeys } from './query-keys';

const entry = (id: string, occurredAt: string, day: string): DiaryEntry => ({
  id,
  poopId: null,
  occurredAt,
  day,
  timeZone: 'Asia/Tokyo',
  type: 'Type 4',
  title: null,
  thumbnail: null,
  details: EMPTY_HEALTH_DETAILS,
});

describe('cachedDiaryCovering (another range, offline)', () => {
  const client = new QueryClient();
  client.setQueryData(queryKeys.diaryReport('2026-11-01', '2026-11-14', 'Asia/Tokyo'), {
    entries: [
      entry('00000000-0000-4000-8000-000000000001', '2026-11-02T16:00:00.000Z', '2026-11-03'), // 3 Nov in Tokyo
      entry('00000000-0000-4000-8000-000000000002', '2026-11-05T01:00:00.000Z', '2026-11-05'),
    ],
  });

  it("cuts a cached read that covers the range to its entries' days, in the same zone", () => {
    const cut = cachedDiaryCovering(client, { from: '2026-11-03', to: '2026-11-04', tz: 'Asia/Tokyo' });
    expect(cut?.entries.map((item) => item.id)).toEqual(['00000000-0000-4000-8000-000000000001']);
  });

  it('has nothing for a range it does not cover, or another zone, and reads no other diary key', () => {
    client.setQueryData([...queryKeys.diary(), '2026-10-01', '2026-11-30'], { entries: [] });
    expect(cachedDiaryCovering(client, { from: '2026-10-31', to: '2026-11-04', tz: 'Asia/Tokyo' })).toBeUndefined();
    expect(cachedDiaryCovering(client, { from: '2026-11-03', to: '2026-11-04', tz: 'UTC' })).toBeUndefined();
  });
});
