import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** The database probe behind `/api/health`. */
export class HealthRepository {
  constructor(private readonly database: Database) {}

  /** Runs a trivial query (throws when the database cannot answer); answers which driver is in use. */
  async ping(): Promise<Database['kind']> {
    await this.database.db.execute(sql`SELECT 1`);
    return this.database.kind;
  }
}
