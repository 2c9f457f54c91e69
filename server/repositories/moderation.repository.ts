import { and, asc, count, desc, eq, gte, lt, lte, max, min, sql, type SQL } from 'drizzle-orm';
import { personalDaySql } from '../db/activity';
import { moderatedPoopStatus, type PoopStatus, type PoopType } from '../../core/poop';
import { recordStage as recordVerificationStage, type VerificationStage } from '../../core/moderation';
import { sqlRunnerOf, type Db, type SqlRunner } from '../db/database';
import { datasetExports, poops, reports, typeVerifications, users, type PoopRow } from '../db/schema';
import { applySocialEffects, type NewNotification } from './notification.repository';

/** A post as the moderation screens read it. */
export type ModerationRow = Pick<
  PoopRow,
  | 'id'
  | 'uid'
  | 'type'
  | 'status'
  | 'verified'
  | 'aiFlagged'
  | 'aiScreening'
  | 'username'
  | 'imageKey'
  | 'createdDate'
  | 'width'
  | 'height'
  | 'firstVerification'
  | 'secondVerification'
  | 'thirdVerification'
  | 'needSecondVerification'
  | 'needThirdVerification'
  | 'deleted'
  | 'filesRemoved'
  | 'private'
>;

const columns = {
  id: poops.id,
  uid: poops.uid,
  type: poops.type,
  status: poops.status,
  verified: poops.verified,
  aiFlagged: poops.aiFlagged,
  aiScreening: poops.aiScreening,
  username: poops.username,
  imageKey: poops.imageKey,
  createdDate: poops.createdDate,
  width: poops.width,
  height: poops.height,
  firstVerification: poops.firstVerification,
  secondVerification: poops.secondVerification,
  thirdVerification: poops.thirdVerification,
  needSecondVerification: poops.needSecondVerification,
  needThirdVerification: poops.needThirdVerification,
  deleted: poops.deleted,
  filesRemoved: poops.filesRemoved,
  private: poops.private,
};

/** The posts waiting for a stage (core/moderation.ts needsStage, in SQL). */
function waitsFor(stage: VerificationStage): SQL {
  switch (stage) {
    case 1:
      return sql`${poops.firstVerification} = ''`;
    case 2:
      return sql`${poops.needSecondVerification} AND ${poops.secondVerification} = ''`;
    case 3:
      return sql`${poops.needThirdVerification} AND ${poops.thirdVerification} = ''`;
  }
}

const live = sql`NOT ${poops.deleted} AND NOT ${poops.filesRemoved}`;
/** Pending posts (type Other) and posts screening flagged that no moderator has looked at. */
const awaitingReview = sql`(${poops.status} = 'pending' OR (${poops.aiFlagged} AND NOT ${poops.verified}))`;

class StageTaken extends Error {}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the stage's transaction lets the caller do before it commits (the consensus after stage 3). */
export interface StageTransaction {
  /** A moderator's type change on this post (`changeType`), in the stage's transaction. */
  changeType(type: string, notification: (row: ModerationRow) => NewNotification | undefined): Promise<ModerationRow | undefined>;
  /** Raw SQL in the stage's transaction: the job queue's `send(..., within)`. */
  sql: SqlRunner;
}

/** A moderator's type change in `tx`: verified true, status by the type, the author's notice. */
async function changeTypeIn(
  tx: Transaction,
  id: string,
  type: string,
  notification: (row: ModerationRow) => NewNotification | undefined,
): Promise<ModerationRow | undefined> {
  const [row] = await tx
    .update(poops)
    .set({ type, verified: true, aiFlagged: false, status: moderatedPoopStatus(type) })
    .where(and(eq(poops.id, id), sql`NOT ${poops.deleted}`))
    .returning(columns);
  if (!row) return undefined;
  const effect = notification(row);
  if (effect) await applySocialEffects(tx, { notification: effect });
  return row;
}

/** Moderation's reads and writes: stage queues, verifications, moderator decisions, dashboards, reports. */
export class ModerationRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<ModerationRow | undefined> {
    const [row] = await this.db.select(columns).from(poops).where(eq(poops.id, id));
    return row;
  }

  async isAdmin(uid: string): Promise<boolean> {
    const [row] = await this.db.select({ admin: users.admin }).from(users).where(eq(users.uid, uid));
    return row?.admin === true;
  }

  /** Spec section 7: a stage's queue, newest first. */
  async stageQueue(stage: VerificationStage, limit: number): Promise<ModerationRow[]> {
    return this.db
      .select(columns)
      .from(poops)
      .where(and(waitsFor(stage), live))
      .orderBy(desc(poops.createdDate), desc(poops.id))
      .limit(limit);
  }

  async verifiedBy(uid: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(typeVerifications).where(eq(typeVerifications.reviewerUid, uid));
    return Number(row?.n ?? 0);
  }

  /**
   * Records one stage, once, by the rule of `core/moderation.ts` (`recordStage`): the post is read
   * FOR UPDATE, so a concurrent second reviewer waits and then finds it no longer waiting for this
   * stage; the (poop, stage) key of type_verifications refuses a second record anyway. `then` runs
   * in the same transaction (the consensus after stage 3: its type change and its export job), so
   * the stage and what it decides commit together or not at all. Answers the post after the write,
   * or undefined when it was not waiting for this stage.
   */
  async recordStage(
    id: string,
    stage: VerificationStage,
    reviewerUid: string,
    type: PoopType,
    then?: (row: ModerationRow, tx: StageTransaction) => Promise<void>,
  ): Promise<ModerationRow | undefined> {
    const written = await this.db
      .transaction(async (tx) => {
        const [current] = await tx
          .select(columns)
          .from(poops)
          .where(and(eq(poops.id, id), live))
          .for('update');
        const next = current && recordVerificationStage(current, stage, type);
        if (!next) return undefined;
        const [row] = await tx
          .update(poops)
          .set({
            firstVerification: next.firstVerification,
            secondVerification: next.secondVerification,
            thirdVerification: next.thirdVerification,
            needSecondVerification: next.needSecondVerification,
            needThirdVerification: next.needThirdVerification,
          })
          .where(eq(poops.id, id))
          .returning(columns);
        const recorded = await tx
          .insert(typeVerifications)
          .values({ poopId: id, stage, reviewerUid, chosenType: type })
          .onConflictDoNothing()
          .returning({ stage: typeVerifications.stage });
        // Only a row left over from before would collide: then nothing of this attempt is kept.
        if (recorded.length === 0) throw new StageTaken();
        if (then) await then(row!, { changeType: (t, notification) => changeTypeIn(tx, id, t, notification), sql: sqlRunnerOf(tx) });
        return row;
      })
      .catch((error: unknown) => {
        if (error instanceof StageTaken) return undefined;
        throw error;
      });
    return written;
  }

  /**
   * A moderator's type change (spec section 4): verified true, status denied for 'other' else
   * approved, the author notified in the same transaction. `modifiedDate` is left alone: the post
   * keeps its place in the feed.
   */
  async changeType(
    id: string,
    type: string,
    notification: (row: ModerationRow) => NewNotification | undefined,
  ): Promise<ModerationRow | undefined> {
    return this.db.transaction((tx) => changeTypeIn(tx, id, type, notification));
  }

  /** Approve or deny a pending or flagged post: verified true, the author notified. */
  async decide(id: string, status: PoopStatus, notification: (row: ModerationRow) => NewNotification): Promise<ModerationRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(poops)
        .set({ status, verified: true, aiFlagged: false })
        .where(and(eq(poops.id, id), sql`NOT ${poops.deleted}`))
        .returning(columns);
      if (!row) return undefined;
      await applySocialEffects(tx, { notification: notification(row) });
      return row;
    });
  }

  /** Spec section 4: the separate 'update verified' action. */
  async markVerified(id: string): Promise<ModerationRow | undefined> {
    const [row] = await this.db
      .update(poops)
      .set({ verified: true })
      .where(and(eq(poops.id, id), sql`NOT ${poops.deleted}`))
      .returning(columns);
    return row;
  }

  /** Spec section 7: verified false, limit 200 (newest first). */
  async unverified(limit: number): Promise<ModerationRow[]> {
    return this.db
      .select(columns)
      .from(poops)
      .where(and(sql`NOT ${poops.verified}`, live))
      .orderBy(desc(poops.createdDate), desc(poops.id))
      .limit(limit);
  }

  /** Posts waiting for an approve/deny decision, oldest first, so none waits forever. */
  async reviewQueue(limit: number): Promise<ModerationRow[]> {
    return this.db.select(columns).from(poops).where(and(awaitingReview, live)).orderBy(asc(poops.createdDate), asc(poops.id)).limit(limit);
  }

  async setScreening(id: string, aiScreening: Record<string, unknown>, flagged: boolean): Promise<boolean> {
    const rows = await this.db.update(poops).set({ aiScreening, aiFlagged: flagged }).where(eq(poops.id, id)).returning({ id: poops.id });
    return rows.length > 0;
  }

  async findExport(id: string): Promise<{ type: string; sink: string; location: string } | undefined> {
    const [row] = await this.db
      .select({ type: datasetExports.type, sink: datasetExports.sink, location: datasetExports.location })
      .from(datasetExports)
      .where(eq(datasetExports.poopId, id));
    return row;
  }

  /** The dataset files of one post, or of every post of one user. */
  async exportsOf(of: { poopId: string } | { uid: string }): Promise<{ poopId: string; location: string }[]> {
    return this.db
      .select({ poopId: datasetExports.poopId, location: datasetExports.location })
      .from(datasetExports)
      .innerJoin(poops, eq(poops.id, datasetExports.poopId))
      .where('poopId' in of ? eq(datasetExports.poopId, of.poopId) : eq(poops.uid, of.uid));
  }

  async deleteExport(poopId: string): Promise<void> {
    await this.db.delete(datasetExports).where(eq(datasetExports.poopId, poopId));
  }

  async recordExport(id: string, type: string, sink: string, location: string): Promise<void> {
    await this.db.insert(datasetExports).values({ poopId: id, type, sink, location }).onConflictDoNothing();
  }

  /** The dashboard's counts: created in [from, to) by New York day, and the totals now. */
  async overview(from: Date, to: Date) {
    const nyDay = (column: SQL) => personalDaySql(column, sql`NULL`);
    const userDays = await this.db
      .select({ day: nyDay(sql`${users.createdAt}`), n: count() })
      .from(users)
      .where(and(gte(users.createdAt, from), lt(users.createdAt, to)))
      .groupBy(sql`1`);
    const poopDays = await this.db
      .select({ day: nyDay(sql`${poops.createdDate}`), n: count() })
      .from(poops)
      .where(and(gte(poops.createdDate, from), lt(poops.createdDate, to), sql`NOT ${poops.deleted}`))
      .groupBy(sql`1`);
    const [totals] = await this.db
      .select({
        totalPoops: sql<number>`count(*) FILTER (WHERE NOT ${poops.deleted})`,
        unverified: sql<number>`count(*) FILTER (WHERE NOT ${poops.verified} AND ${live})`,
        pending: sql<number>`count(*) FILTER (WHERE ${poops.status} = 'pending' AND ${live})`,
        flagged: sql<number>`count(*) FILTER (WHERE ${poops.aiFlagged} AND NOT ${poops.verified} AND ${live})`,
        stage1: sql<number>`count(*) FILTER (WHERE ${waitsFor(1)} AND ${live})`,
        stage2: sql<number>`count(*) FILTER (WHERE ${waitsFor(2)} AND ${live})`,
        stage3: sql<number>`count(*) FILTER (WHERE ${waitsFor(3)} AND ${live})`,
      })
      .from(poops);
    const [people] = await this.db
      .select({
        totalUsers: count(),
        // Spec section 6: admins count as premium.
        premium: sql<number>`count(*) FILTER (WHERE ${users.premium} OR ${users.admin} OR ${users.subscriptionStatus} IN ('active', 'trialing'))`,
      })
      .from(users);
    return {
      userDays: userDays.map((r) => ({ day: r.day, n: Number(r.n) })),
      poopDays: poopDays.map((r) => ({ day: r.day, n: Number(r.n) })),
      totals: {
        totalPoops: Number(totals?.totalPoops ?? 0),
        unverified: Number(totals?.unverified ?? 0),
        pending: Number(totals?.pending ?? 0),
        flagged: Number(totals?.flagged ?? 0),
        stage1: Number(totals?.stage1 ?? 0),
        stage2: Number(totals?.stage2 ?? 0),
        stage3: Number(totals?.stage3 ?? 0),
        totalUsers: Number(people?.totalUsers ?? 0),
        premium: Number(people?.premium ?? 0),
      },
    };
  }

  /**
   * The daily report for `day` (a New York day): the users that existed at its end, and those of
   * them with an e-mail. Written once; a second run for the same day changes nothing.
   */
  async writeReport(day: string, endOfDay: Date): Promise<boolean> {
    const [row] = await this.db
      .select({
        total: count(),
        withEmail: sql<number>`count(*) FILTER (WHERE ${users.email} <> '')`,
      })
      .from(users)
      .where(lt(users.createdAt, endOfDay));
    const inserted = await this.db
      .insert(reports)
      .values({ day, totalUsers: Number(row?.total ?? 0), usersWithEmail: Number(row?.withEmail ?? 0) })
      .onConflictDoNothing()
      .returning({ day: reports.day });
    return inserted.length > 0;
  }

  /** The last `limit` reports up to `upTo` (a New York day; undefined: the latest), newest first. */
  async recentReports(limit: number, upTo?: string) {
    return this.db
      .select({ day: reports.day, totalUsers: reports.totalUsers, usersWithEmail: reports.usersWithEmail })
      .from(reports)
      .where(upTo === undefined ? undefined : lte(reports.day, upTo))
      .orderBy(desc(reports.day))
      .limit(limit);
  }

  /** The first and the last day with a report (null: none yet), the days the report's picker offers. */
  async reportDays(): Promise<{ first: string | null; last: string | null }> {
    const [row] = await this.db.select({ first: min(reports.day), last: max(reports.day) }).from(reports);
    return { first: row?.first ?? null, last: row?.last ?? null };
  }
}
