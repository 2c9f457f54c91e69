import { DateTime } from 'luxon';
import { POOP_TIMEZONE, STATS_DAYS } from '../../core/constants';
import type { StatsResponse } from '../../core/social-api';
import type { StatsRepository } from '../repositories/stats.repository';

/** Personal stats: the user's posts of the last STATS_DAYS New York days (today included), by day and type. */
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly now: () => Date,
  ) {}

  async forUser(uid: string): Promise<StatsResponse> {
    const start = DateTime.fromJSDate(this.now(), { zone: POOP_TIMEZONE })
      .startOf('day')
      .minus({ days: STATS_DAYS - 1 });
    const rows = await this.stats.postsSince(uid, start.toJSDate());
    return {
      days: STATS_DAYS,
      since: start.toISODate() ?? '',
      posts: rows.map((row) => ({
        day: DateTime.fromJSDate(row.createdDate, { zone: POOP_TIMEZONE }).toISODate() ?? '',
        type: row.type,
      })),
    };
  }
}
