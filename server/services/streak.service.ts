import type { FastifyBaseLogger } from 'fastify';
import { STREAK_FREEZE_MAX_HELD, STREAK_FREEZE_PRICE_POINTS } from '../../core/constants';
import { acceptedPostTime } from '../../core/poop-date';
import { personalDay } from '../../core/personal-day';
import { streakReportNow, streakStateOf, type StreakReport } from '../../core/streak';
import { STREAK_DAYS_SHOWN, STREAK_MESSAGES, type StreakSettingsBody, type StreakStatus } from '../../core/streak-api';
import { reminderZone, snoozedReminderAt, streakEnd, streakReminderAt, streakReminderParams } from '../../core/streak-reminder';
import { AppError, ConflictError, UnauthenticatedError, ValidationError } from '../errors';
import { FreezeIdTakenError, type StreakRepository, type StreakSubject, type StreakWrite } from '../repositories/streak.repository';

/** One reminder check, queued for the streak's last activity (ISO); `snoozed` after "Snooze 1 hour". */
export interface StreakReminderJob {
  uid: string;
  lastActivity: string;
  snoozed?: boolean;
}

export interface StreakServiceDeps {
  streaks: StreakRepository;
  now: () => Date;
  /** Queues a reminder check to run at `startAfter` (once per id, across servers and restarts). */
  enqueueReminder: (job: StreakReminderJob, startAfter: Date) => Promise<unknown>;
  log: FastifyBaseLogger;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function reportOf(subject: StreakSubject, now: Date): StreakReport {
  return streakReportNow(subject, now);
}

/**
 * Streak habits (issue 44): freezes bought with points and consumed by the streak rule
 * (core/streak.ts), and the reminder before a streak ends (core/streak-reminder.ts), checked by a
 * delayed job per last activity: a job whose activity is no longer the last does nothing, so a
 * post cancels it; the notification's dedupe key makes one reminder per streak day.
 */
export class StreakService {
  constructor(private readonly deps: StreakServiceDeps) {}

  /**
   * The caller's streak at `now`, freezes consumed as the rule says. A read only: the freezes a
   * gap consumes are recorded by the next write (a post, a diary entry, a purchase, a reminder).
   */
  async status(uid: string): Promise<StreakStatus> {
    const now = this.deps.now();
    const subject = await this.deps.streaks.read(uid);
    if (!subject) throw new UnauthenticatedError();
    return this.toStatus(uid, reportOf(subject, now), subject, now);
  }

  /**
   * Buys a freeze under the client's id, dated `boughtAt` (offline purchases) within limits: a replay (same id) buys nothing more and answers the
   * status; refused with 409 when STREAK_FREEZE_MAX_HELD are held or the points do not reach the price.
   */
  async buyFreeze(uid: string, id: string, boughtAt?: Date): Promise<{ created: boolean; status: StreakStatus }> {
    const now = this.deps.now();
    // Bought offline: it counts from when it was bought, within a post's limits (never ahead of now).
    const at = new Date(Math.min(acceptedPostTime(boughtAt, now).getTime(), now.getTime()));
    const owner = await this.deps.streaks.freezeOwner(id);
    if (owner !== undefined && owner !== uid) throw new ConflictError(STREAK_MESSAGES.freezeIdTaken);
    const state = await this.buying(uid, id, (subject) => {
      if (subject.freezeIds.includes(id)) {
        const report = reportOf(subject, now);
        return { report, result: { created: false, report, subject } };
      }
      const before = reportOf(subject, now);
      if (before.freezesHeld >= STREAK_FREEZE_MAX_HELD) throw new AppError(409, 'streak_freezes_full', STREAK_MESSAGES.freezesFull);
      if (subject.currentPoints < STREAK_FREEZE_PRICE_POINTS) throw new AppError(409, 'not_enough_points', STREAK_MESSAGES.notEnoughPoints);
      const bought: StreakSubject = {
        ...subject,
        currentPoints: subject.currentPoints - STREAK_FREEZE_PRICE_POINTS,
        freezesBought: [...subject.freezesBought, at],
      };
      const report = reportOf(bought, now);
      return { report, buy: { id, at, price: STREAK_FREEZE_PRICE_POINTS }, result: { created: true, report, subject: bought } };
    });
    if (!state) throw new UnauthenticatedError();
    if (state === 'replayed') return { created: false, status: await this.status(uid) };
    return { created: state.created, status: await this.toStatus(uid, state.report, state.subject, now) };
  }

  /**
   * The purchase's transaction. When the id was taken at the same moment, the database's answer
   * stands: the caller's own purchase is a replay, anyone else's is a conflict.
   */
  private async buying<T>(uid: string, id: string, work: (subject: StreakSubject) => StreakWrite<T>): Promise<T | undefined | 'replayed'> {
    try {
      return await this.deps.streaks.withSubject(uid, work);
    } catch (error) {
      if (!(error instanceof FreezeIdTakenError)) throw error;
      if ((await this.deps.streaks.freezeOwner(id)) === uid) return 'replayed';
      throw new ConflictError(STREAK_MESSAGES.freezeIdTaken);
    }
  }

  async updateSettings(uid: string, body: StreakSettingsBody): Promise<StreakStatus> {
    if (body.timeZone !== undefined && reminderZone(body.timeZone) !== body.timeZone) {
      throw new ValidationError(STREAK_MESSAGES.timeZoneUnknown);
    }
    await this.deps.streaks.updateSettings(uid, {
      ...(body.reminders !== undefined ? { streakReminders: body.reminders } : {}),
      ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
    });
    const status = await this.status(uid);
    // The quiet hours may have moved with the zone: queue the check for the new time too.
    await this.afterActivity(uid);
    return status;
  }

  /**
   * After a post (or other streak activity) of `uid`, whose transaction stored the streak: queues
   * the reminder check for the new last activity (a read, no write). Never throws (the post stands
   * either way); a failure is logged.
   */
  async afterActivity(uid: string): Promise<void> {
    try {
      const now = this.deps.now();
      const subject = await this.deps.streaks.read(uid);
      if (!subject) return;
      const report = reportOf(subject, now);
      const last = report.runs.at(-1)?.last;
      if (!last || report.endsAt === null) return;
      const at = streakReminderAt(last, subject.timeZone);
      if (at.getTime() < streakEnd(last).getTime()) await this.deps.enqueueReminder({ uid, lastActivity: last.toISOString() }, at);
    } catch (error) {
      this.deps.log.error({ err: error, uid }, 'could not schedule the streak reminder');
    }
  }

  /** "Snooze 1 hour" from the reminder: once per streak day, an hour later (never after the end). */
  async snooze(uid: string): Promise<Date | null> {
    const now = this.deps.now();
    // Reads only: the streak is written by activity (a post, a diary entry) and purchases alone.
    const subject = await this.deps.streaks.read(uid);
    const state = subject && { report: reportOf(subject, now), subject };
    const last = state?.report.runs.at(-1)?.last;
    if (!state || !last || state.report.endsAt === null) return null;
    const at = snoozedReminderAt(last, now);
    if (!at || !(await this.deps.streaks.claimSnooze(uid, personalDay(last, state.subject.timeZone), at))) return null;
    await this.deps.enqueueReminder({ uid, lastActivity: last.toISOString(), snoozed: true }, at);
    return at;
  }

  /**
   * The reminder check (a queued job): sends when the job's activity is still the last one, the
   * streak is alive and not past its 28 h, reminders and notifications are on. The notification
   * (pushed by the push outbox) is written once per streak day, once more after a snooze.
   */
  async remind(job: StreakReminderJob): Promise<void> {
    const now = this.deps.now();
    // Reads only: a freeze the streak needs now is recorded by the next activity, as on every read.
    const subject = await this.deps.streaks.read(job.uid);
    if (!subject) return;
    const report = reportOf(subject, now);
    const run = report.runs.at(-1);
    if (!run || report.endsAt === null || run.last.toISOString() !== job.lastActivity) return;
    if (!subject.streakReminders || !subject.enableNotifications) return;
    if (now.getTime() >= streakEnd(run.last).getTime()) return;
    const day = personalDay(run.last, subject.timeZone);
    await this.deps.streaks.remind(
      job.uid,
      streakReminderParams(run.days, run.last, now, report.freezesHeld),
      '/root/create',
      `streak_reminder:${day}${job.snoozed ? ':snoozed' : ''}`,
      now,
    );
  }

  private async toStatus(uid: string, report: StreakReport, subject: StreakSubject, now: Date): Promise<StreakStatus> {
    const state = streakStateOf(report);
    // The person's days (core/personal-day.ts); the scan starts early enough for a day begun in any zone.
    const since = personalDay(new Date(now.getTime() - (STREAK_DAYS_SHOWN - 1) * DAY_MS), subject.timeZone);
    const posted = await this.deps.streaks.recentDays(uid, since, new Date(now.getTime() - (STREAK_DAYS_SHOWN + 2) * DAY_MS));
    return {
      currentStreak: state.currentStreak,
      longestStreak: state.longestStreak,
      endsAt: report.endsAt?.toISOString() ?? null,
      freezesHeld: report.freezesHeld,
      maxFreezes: STREAK_FREEZE_MAX_HELD,
      freezePrice: STREAK_FREEZE_PRICE_POINTS,
      currentPoints: subject.currentPoints,
      frozenDays: report.frozen
        .map((use) => use.day)
        .filter((day) => day >= since)
        .reverse(),
      postedDays: posted,
      reminders: subject.streakReminders,
      timeZone: subject.timeZone,
    };
  }
}
