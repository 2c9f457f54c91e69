import { and, eq, isNull, sql } from 'drizzle-orm';
import type { HealthDetails } from '../../core/diary';
import type { PoopType } from '../../core/poop';
import type { Activity } from '../../core/personal-day';
import { personalZone } from '../../core/personal-day';
import { activityEarned, type ActivityEarned } from '../../core/post-payoff';
import { streakReportNow, type StreakReport } from '../../core/streak';
import { activitySql } from '../db/activity';
import type { Db } from '../db/database';
import { healthEntries, poops, users, type HealthEntryRow } from '../db/schema';
import { freezesBought, saveStreakReport, type Tx } from './streak.repository';

/** A row's details, by their HealthDetails names (the columns have the same names). */
export function detailsOf(row: Pick<HealthEntryRow, keyof HealthDetails>): HealthDetails {
  return {
    urgency: row.urgency,
    straining: row.straining,
    incompleteEmptying: row.incompleteEmptying,
    pain: row.pain,
    blood: row.blood,
    mucus: row.mucus,
    colour: row.colour,
    atNight: row.atNight,
    medicine: row.medicine,
    note: row.note,
  };
}

/**
 * A user's activity, the streak is computed from (server/db/activity.ts `activitySql`): every post
 * (deleted ones too: a post counts for the day it was made) and every diary-only entry (issue 43:
 * counted for the streak like a post), each with its own day.
 */
export async function activities(tx: Pick<Db, 'execute'>, uid: string): Promise<Activity[]> {
  const result = await tx.execute(sql`SELECT a.at, a.day FROM ${activitySql(uid)} a`);
  return (result as { rows: { at: string | Date; day: string }[] }).rows.map((row) => ({ at: new Date(row.at), day: row.day }));
}

/** A row of health_entries, as the diary service receives it. */
export type DiaryEntryRow = HealthEntryRow;

/** What a diary-only entry earned (no post points, no achievements: those are evaluated after). */
export type EntryEarned = Omit<ActivityEarned, 'achievements'>;

export type UpsertEntryOutcome =
  { kind: 'saved'; row: HealthEntryRow; earned: EntryEarned } | { kind: 'not-yours' } | { kind: 'no-author' };

/**
 * The health diary's table (migration 0071). Every read here is by the author's uid: nothing
 * else in the server reads health_entries, so no public query can reach the details.
 */
export class DiaryRepository {
  constructor(private readonly db: Db) {}

  async findForPost(poopId: string, uid: string): Promise<HealthEntryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(healthEntries)
      .where(and(eq(healthEntries.poopId, poopId), eq(healthEntries.uid, uid)))
      .limit(1);
    return row;
  }

  /** Writes the details of the author's post, dated as the post (one row per post). */
  async upsertForPost(input: { id: string; uid: string; poopId: string; occurredAt: Date; details: HealthDetails }): Promise<void> {
    await this.db
      .insert(healthEntries)
      .values({
        id: input.id,
        uid: input.uid,
        poopId: input.poopId,
        occurredAt: input.occurredAt,
        // The post's own zone: its details are on the post's day.
        timeZone: sql`(SELECT ${poops.timeZone} FROM ${poops} WHERE ${poops.id} = ${input.poopId})`,
        ...input.details,
      })
      .onConflictDoUpdate({ target: healthEntries.poopId, set: { ...input.details, modifiedAt: sql`now()` } });
  }

  /**
   * Creates or replaces a diary-only entry of `uid` and, in the same transaction (the author's row
   * locked, as a new post does), recomputes the author's streak (freezes included) at `now` from all
   * their activity times and pays the milestones it reached. An id that is someone else's, or a
   * post's entry, changes nothing.
   */
  async upsertEntry(input: {
    id: string;
    uid: string;
    type: PoopType;
    occurredAt: Date;
    details: HealthDetails;
    now: Date;
  }): Promise<UpsertEntryOutcome> {
    return this.db.transaction(async (tx) => {
      const [author] = await tx
        .select({ uid: users.uid, timeZone: users.timeZone })
        .from(users)
        .where(eq(users.uid, input.uid))
        .for('update');
      if (!author) return { kind: 'no-author' } as const;
      const [existing] = await tx.select().from(healthEntries).where(eq(healthEntries.id, input.id)).limit(1);
      if (existing && (existing.uid !== input.uid || existing.poopId !== null)) return { kind: 'not-yours' } as const;
      const before = await this.streakOf(tx, input.uid, input.now);
      // A new entry counts in the account's zone of now (core/personal-day.ts); an edited one keeps its own.
      const timeZone = existing ? existing.timeZone : author.timeZone ? personalZone(author.timeZone) : null;
      const values = { type: input.type, occurredAt: input.occurredAt, timeZone, ...input.details };
      const update = () =>
        tx
          .update(healthEntries)
          .set({ ...values, modifiedAt: sql`now()` })
          .where(and(eq(healthEntries.id, input.id), eq(healthEntries.uid, input.uid), isNull(healthEntries.poopId)))
          .returning();
      let [row] = existing
        ? await update()
        : await tx
            .insert(healthEntries)
            .values({ id: input.id, uid: input.uid, poopId: null, ...values })
            .onConflictDoNothing({ target: healthEntries.id })
            .returning();
      // The id was taken between the read and the insert (issue 61: two users at once got a 500):
      // someone else's is not yours; the author's own other device's is updated.
      if (!row && !existing) [row] = await update();
      if (!row) return { kind: 'not-yours' } as const;
      const after = await this.streakOf(tx, input.uid, input.now);
      await saveStreakReport(tx, input.uid, after);
      // The milestones this entry made the streaks reach, paid once from the same result.
      const earned = activityEarned(before, after, false);
      if (earned.points > 0) {
        await tx
          .update(users)
          .set({
            accumulatedPoints: sql`${users.accumulatedPoints} + ${earned.points}`,
            currentPoints: sql`${users.currentPoints} + ${earned.points}`,
          })
          .where(eq(users.uid, input.uid));
      }
      return { kind: 'saved', row, earned } as const;
    });
  }

  /** Removes the author's diary-only entry (nothing when it is not theirs or not there) and recomputes their streak at `now`. */
  async deleteEntry(id: string, uid: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [author] = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
      if (!author) return;
      const removed = await tx
        .delete(healthEntries)
        .where(and(eq(healthEntries.id, id), eq(healthEntries.uid, uid), isNull(healthEntries.poopId)))
        .returning({ id: healthEntries.id });
      if (removed.length > 0) await saveStreakReport(tx, uid, await this.streakOf(tx, uid, now));
    });
  }

  /** The author's streak report (freezes included) at `now`, inside the transaction. */
  private async streakOf(tx: Tx, uid: string, now: Date): Promise<StreakReport> {
    return streakReportNow({ activities: await activities(tx, uid), freezesBought: await freezesBought(tx, uid) }, now);
  }

  async findEntry(id: string, uid: string): Promise<HealthEntryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(healthEntries)
      .where(and(eq(healthEntries.id, id), eq(healthEntries.uid, uid), isNull(healthEntries.poopId)))
      .limit(1);
    return row;
  }
}
