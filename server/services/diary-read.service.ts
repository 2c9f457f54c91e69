import { DIARY_MESSAGES, EMPTY_HEALTH_DETAILS, type DiaryEntry, type HealthDetails } from '../../core/diary';
import type { DiaryQuery } from '../../core/diary-read-api';
import { diaryRangeBounds } from '../../core/diary-range';
import { personalZone } from '../../core/personal-day';
import { poopImageUrl } from '../../core/poop-api';
import type { PoopType } from '../../core/poop';
import type { DiaryReadRepository, HealthEntryRow } from '../repositories/diary-read.repository';
import { ValidationError } from '../errors';
import { detailsOf } from '../repositories/diary.repository';

const DAY_MS = 86_400_000;

const detailsOrEmpty = (row: HealthEntryRow | null): HealthDetails => (row === null ? EMPTY_HEALTH_DETAILS : detailsOf(row));

/** Reads the caller's own diary (issue 43): only ever the rows of the uid it is given. */
export class DiaryReadService {
  constructor(private readonly diary: DiaryReadRepository) {}

  /**
   * The caller's diary over `from`..`to`: without `tz`, the person's own days (each entry's day in
   * the zone it was written in, core/personal-day.ts); with it, the days in that zone.
   */
  async read(uid: string, query: DiaryQuery): Promise<{ entries: DiaryEntry[] }> {
    const bounds = diaryRangeBounds(query.from, query.to, query.tz ?? 'UTC');
    if (bounds === undefined) {
      throw new ValidationError(DIARY_MESSAGES.rangeInvalid);
    }
    // Every zone's day lies within a day either side of the UTC day: the instants scanned (indexed).
    const days = {
      from: query.from,
      to: query.to,
      ...(query.tz === undefined ? {} : { zone: query.tz }),
      start: new Date(bounds.start.getTime() - DAY_MS),
      end: new Date(bounds.end.getTime() + DAY_MS),
    };
    const [posts, diaryOnly] = await Promise.all([this.diary.posts(uid, days), this.diary.diaryOnly(uid, days)]);
    const entries: DiaryEntry[] = [
      ...posts.map((post) => ({
        // The post's id, whether or not it has details yet: an entry keeps its id when details are added.
        id: post.id,
        poopId: post.id,
        occurredAt: post.createdDate.toISOString(),
        day: post.day,
        timeZone: personalZone(post.timeZone),
        type: post.type as PoopType,
        title: post.title,
        thumbnail: poopImageUrl(post.id, 'thumb'),
        details: detailsOrEmpty(post.health),
      })),
      ...diaryOnly.map(({ row, day }) => ({
        id: row.id,
        poopId: null,
        occurredAt: row.occurredAt.toISOString(),
        day,
        timeZone: personalZone(query.tz ?? row.timeZone),
        type: (row.type ?? 'Other') as PoopType,
        title: null,
        thumbnail: null,
        details: detailsOf(row),
      })),
    ];
    entries.sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt) || a.id.localeCompare(b.id));
    return { entries };
  }
}
