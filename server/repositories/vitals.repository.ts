import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { webVitals } from '../db/schema';

export interface VitalRow {
  name: string;
  page: string;
  installed: boolean;
  value: number;
}

type SummaryRow = { name: string; page: string; installed: boolean; count: number | string; p75: number | string; median: number | string };

/** Real-user measures: stored one row each, summarised by percentile. */
export class VitalsRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: VitalRow[], at: Date): Promise<void> {
    await this.db.insert(webVitals).values(rows.map((row) => ({ ...row, recordedAt: at })));
  }

  /** Per measure, screen and installed or not, since `since`: count, 75th percentile and median. */
  async summary(
    since: Date,
  ): Promise<Array<{ name: string; page: string; installed: boolean; count: number; p75: number; median: number }>> {
    const result = await this.db.execute<SummaryRow>(sql`
      SELECT name, page, installed, count(*) AS count,
             percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY value) AS median
        FROM web_vitals
       WHERE recorded_at >= ${since.toISOString()}::timestamptz
       GROUP BY name, page, installed
       ORDER BY name, page, installed`);
    // Both drivers answer `{ rows }`; pg returns count as a string.
    return (result as { rows: SummaryRow[] }).rows.map((row) => ({
      name: row.name,
      page: row.page,
      installed: row.installed,
      count: Number(row.count),
      p75: Number(row.p75),
      median: Number(row.median),
    }));
  }

  async deleteBefore(before: Date): Promise<void> {
    await this.db.delete(webVitals).where(lt(webVitals.recordedAt, before));
  }
}
