import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { geocodeCache } from '../db/schema';

/** Place names by rounded coordinates ("40.713,-74.006"), so each cell is asked upstream once. */
export class GeocodeCacheRepository {
  constructor(private readonly db: Db) {}

  async get(cell: string): Promise<string | undefined> {
    const [row] = await this.db.select({ placeName: geocodeCache.placeName }).from(geocodeCache).where(eq(geocodeCache.cell, cell));
    return row?.placeName;
  }

  async put(cell: string, placeName: string): Promise<void> {
    await this.db
      .insert(geocodeCache)
      .values({ cell, placeName })
      .onConflictDoUpdate({ target: geocodeCache.cell, set: { placeName, fetchedAt: new Date() } });
  }
}
