import { randomUUID } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Activity } from '../../core/personal-day';
import type { NotificationParams } from '../../core/notification-kinds';
import { streakStateOf, type StreakReport } from '../../core/streak';
import { activitySql } from '../db/activity';
import type { Db } from '../db/database';
import { notifications, streakFreezes, streakFreezesUsed, streakReminderSnoozes, users } from '../db/schema';
import { activities } from './diary.repository';

/** What the streak is computed from (core/streak.ts StreakHistory) and the user fields around it. */
export interface StreakSubject {
  uid: string;
  currentPoints: number;
  streakReminders: boolean;
  enableNotifications: boolean;
  timeZone: string | null;
  /** Posts (deleted ones too: a post counts for the day it was made) and diary-only entries, each with its day. */
  activities: Activity[];
  freezesBought: Date[];
  /** The client ids of the freezes bought (a replayed purchase is one of them). */
  freezeIds: string[];
}

/** The result of `withSubject`'s work: the report to store, and what else to do in the transaction. */
export interface StreakWrite<T> {
  report: StreakReport;
  result: T;
  /** A freeze to buy: its client id, time and price (points spent from currentPoints). */
  buy?: { id: string; at: Date; price: number };
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** When each of the user's freezes was bought (core/streak.ts StreakHistory `freezesBought`). */
export async function freezesBought(tx: Pick<Db, 'select'>, uid: string): Promise<Date[]> {
  const rows = await tx.select({ at: streakFreezes.boughtAt }).from(streakFreezes).where(eq(streakFreezes.uid, uid));
  return rows.map((row) => row.at);
}

/**
 * Stores a streak report (core/streak.ts, freezes included) inside the caller's transaction, the
 * user locked: the streak fields, the freezes used (new rows; a day no longer frozen is marked
 * given back). The one place a streak is written: a post, a diary entry and a purchase call it.
 */
export async function saveStreakReport(tx: Tx, uid: string, report: StreakReport): Promise<void> {
  await tx
    .update(users)
    .set({ ...streakStateOf(report), streakKeptUntil: report.endsAt, updatedAt: sql`now()` })
    .where(eq(users.uid, uid));
  const days = report.frozen.map((use) => use.day);
  for (const use of report.frozen) {
    await tx
      .insert(streakFreezesUsed)
      .values({ uid, day: use.day, usedAt: use.usedAt, givenBack: false })
      .onConflictDoUpdate({ target: [streakFreezesUsed.uid, streakFreezesUsed.day], set: { givenBack: false } });
  }
  await tx
    .update(streakFreezesUsed)
    .set({ givenBack: true })
    .where(
      and(
        eq(streakFreezesUsed.uid, uid),
        eq(streakFreezesUsed.givenBack, false),
        days.length > 0 ? notInArray(streakFreezesUsed.day, days) : undefined,
      ),
    );
}

/** A freeze id that another purchase (another user's, or the same user's at the same moment) holds. */
export class FreezeIdTakenError extends Error {
  constructor(readonly id: string) {
    super(`streak freeze ${id} is already bought`);
    this.name = 'FreezeIdTakenError';
  }
}

/** Streaks, freezes and reminders (migrations/0074_streak_habits.sql). */
export class StreakRepository {
  constructor(private readonly db: Db) {}

  /** The user's streak history; `lock` holds the user's row until the transaction ends. */
  private async subject(tx: Tx | Db, uid: string, lock: boolean): Promise<StreakSubject | undefined> {
    const query = tx
      .select({
        uid: users.uid,
        currentPoints: users.currentPoints,
        streakReminders: users.streakReminders,
        enableNotifications: users.enableNotifications,
        timeZone: users.timeZone,
      })
      .from(users)
      .where(eq(users.uid, uid));
    const [user] = lock ? await query.for('update') : await query;
    if (!user) return undefined;
    const bought = await tx
      .select({ id: streakFreezes.id, at: streakFreezes.boughtAt })
      .from(streakFreezes)
      .where(eq(streakFreezes.uid, uid));
    return {
      ...user,
      activities: await activities(tx, uid),
      freezesBought: bought.map((row) => row.at),
      freezeIds: bought.map((row) => row.id),
    };
  }

  /**
   * In one transaction, with the user locked (so a post and a purchase recompute one after
   * the other): reads the history, lets `work` decide, then stores the streak fields, the freezes
   * used (new rows; a day no longer frozen is marked given back) and any purchase. `work` may throw
   * to refuse: nothing is written then. Answers undefined without a user.
   */
  async withSubject<T>(uid: string, work: (subject: StreakSubject) => StreakWrite<T>): Promise<T | undefined> {
    return this.db.transaction(async (tx) => {
      const subject = await this.subject(tx, uid, true);
      if (!subject) return undefined;
      const { report, result, buy } = work(subject);
      if (buy) {
        const [inserted] = await tx
          .insert(streakFreezes)
          .values({ id: buy.id, uid, boughtAt: buy.at, price: buy.price })
          .onConflictDoNothing({ target: streakFreezes.id })
          .returning({ id: streakFreezes.id });
        // Taken by a purchase that committed since the caller looked (issue 61): the answer
        // must not claim a freeze this one did not buy, so nothing of it is written.
        if (!inserted) throw new FreezeIdTakenError(buy.id);
        await tx
          .update(users)
          .set({ currentPoints: sql`${users.currentPoints} - ${buy.price}` })
          .where(eq(users.uid, uid));
      }
      await saveStreakReport(tx, uid, report);
      return result;
    });
  }

  /** The user's streak history as stored, read only (no lock, no write): what GET /api/streak answers from. */
  async read(uid: string): Promise<StreakSubject | undefined> {
    return this.subject(this.db, uid, false);
  }

  /** Whether a freeze with this client id was already bought, and by whom. */
  async freezeOwner(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ uid: streakFreezes.uid }).from(streakFreezes).where(eq(streakFreezes.id, id)).limit(1);
    return row?.uid;
  }

  /**
   * The user's days with a post or a diary-only entry (each its own day, server/db/activity.ts)
   * since the day `since` (YYYY-MM-DD), newest first. `sinceAt` bounds the scan: an instant at or
   * before the start of that day in any zone.
   */
  async recentDays(uid: string, since: string, sinceAt: Date): Promise<string[]> {
    const result = await this.db.execute(
      sql`SELECT DISTINCT a.day FROM ${activitySql(uid, { since: sinceAt })} a WHERE a.day >= ${since} ORDER BY a.day DESC`,
    );
    return (result as { rows: { day: string }[] }).rows.map((row) => row.day);
  }

  async updateSettings(uid: string, patch: { streakReminders?: boolean; timeZone?: string }): Promise<void> {
    await this.db.update(users).set(patch).where(eq(users.uid, uid));
  }

  /** Records a snooze for the streak day once; answers false when that day was snoozed already. */
  async claimSnooze(uid: string, streakDay: string, until: Date): Promise<boolean> {
    const rows = await this.db
      .insert(streakReminderSnoozes)
      .values({ uid, streakDay, until })
      .onConflictDoNothing()
      .returning({ uid: streakReminderSnoozes.uid });
    return rows.length > 0;
  }

  /**
   * Writes the reminder notification once per key (the push outbox sends it). Answers whether it
   * was written (false: that streak day was reminded already).
   */
  async remind(uid: string, params: NotificationParams, link: string, dedupeKey: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .insert(notifications)
      .values({
        id: randomUUID(),
        uid,
        isRead: false,
        kind: 'streak_reminder',
        params,
        link,
        actorUid: uid,
        poopId: null,
        dedupeKey,
        createdDate: at,
      })
      .onConflictDoNothing({ target: [notifications.uid, notifications.dedupeKey] })
      .returning({ id: notifications.id });
    return rows.length > 0;
  }
}
