import { DIARY_MESSAGES, EMPTY_HEALTH_DETAILS, type DiaryEntry, type HealthDetails } from '../../core/diary';
import type { DiaryQuery } from '../../core/diary-read-api';
import { DIARY_DEFAULT_TIME_ZONE, diaryRangeBounds } from '../../core/diary-range';
import { poopImageUrl } from '../../core/poop-api';
import type { PoopType } from '../../core/poop';
import type { DiaryReadRepository, HealthEntryRow } from '../repositories/diary-read.repository';
import { ValidationError } from '../errors';
import { detailsOf } from '../repositories/diary.repository';

const detailsOrEmpty = (row: HealthEntryRow | null): HealthDetails => (row === null ? EMPTY_HEALTH_DETAILS : detailsOf(row));

/** Reads the caller's own diary (issue 43): only ever the rows of the uid it is given. */
export class DiaryReadService {
  constructor(private readonly diary: DiaryReadRepository) {}

  async read(uid: string, query: DiaryQuery): Promise<{ entries: DiaryEntry[] }> {
    const bounds = diaryRangeBounds(query.from, query.to, query.tz ?? DIARY_DEFAULT_TIME_ZONE);
    if (bounds === undefined) {
      throw new ValidationError(DIARY_MESSAGES.rangeInvalid);
    }
    const [posts, diaryOnly] = await Promise.all([
      this.diary.posts(uid, bounds.start, bounds.end),
      this.diary.diaryOnly(uid, bounds.start, bounds.end),
    ]);
    const entries: DiaryEntry[] = [
      ...posts.map((post) => ({
        // The post's id, whether or not it has details yet: an entry keeps its id when details are added.
        id: post.id,
        poopId: post.id,
        occurredAt: post.createdDate.toISOString(),
        type: post.type as PoopType,
        title: post.title,
        thumbnail: poopImageUrl(post.id, 'thumb'),
        details: detailsOrEmpty(post.health),
      })),
      ...diaryOnly.map((row) => ({
        id: row.id,
        poopId: null,
        occurredAt: row.occurredAt.toISOString(),
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
