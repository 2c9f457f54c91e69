import { STREAK_FREEZE_HOURS, STREAK_WINDOW_HOURS } from './constants';
import { addDays, type Activity } from './personal-day';

const STREAK_WINDOW_MS = STREAK_WINDOW_HOURS * 60 * 60 * 1000;
const FREEZE_MS = STREAK_FREEZE_HOURS * 60 * 60 * 1000;

export interface StreakState {
  currentStreak: number;
  longestStreak: number;
  lastPoopPosted: Date | null;
}

/** One unbroken streak: posts each at most the window after the previous one. */
export interface StreakRun {
  /** The person's calendar days with activity in the run (core/personal-day.ts): the streak's count. */
  days: number;
  first: Date;
  last: Date;
}

/** A freeze used: the person's day it kept (shown "Frozen") and the moment it was consumed. */
export interface FreezeUse {
  day: string;
  usedAt: Date;
}

/** What a streak is computed from: activity (posts; diary entries too) and freezes bought. */
export interface StreakHistory {
  /** Each post (or other streak activity), with the day it counts for, in any order. */
  activities: readonly Activity[];
  /** When each freeze was bought, in any order. */
  freezesBought?: readonly Date[];
}

/** The streaks of a history as they stand at `now`, with the freezes used and held. */
export interface StreakReport {
  runs: StreakRun[];
  /** Every freeze consumed so far (also in streaks that ended later), oldest first. */
  frozen: FreezeUse[];
  /** Freezes bought and not consumed. */
  freezesHeld: number;
  /** When the current streak ends without more activity (held freezes counted); null without one. */
  endsAt: Date | null;
}

/**
 * The streaks of a history at `now` (issue 44's freeze rule on top of the daily streak, spec
 * section 4 as we read it): activity at most STREAK_WINDOW_HOURS (inclusive) after the previous
 * continues the streak and the count rises at most once per day (each activity's own day, in the
 * zone it was written in: core/personal-day.ts). When the window passes
 * without activity (strictly after it) and a freeze is held at that moment, the freeze is consumed:
 * it marks the next day after the last covered one "frozen" (frozen days do not count, they keep
 * the streak) and moves the end STREAK_FREEZE_HOURS later; without one the streak ends. A freeze
 * consumed in a gap that then broke anyway stays consumed. Everything depends only on the sets of
 * times, so an offline post that arrives late and fills a frozen day simply leaves that freeze
 * unused (given back).
 */
export function streakReport(history: StreakHistory, now: Date): StreakReport {
  const sorted = history.activities.filter(({ at }) => at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  const bought = [...(history.freezesBought ?? [])].map((at) => at.getTime()).sort((a, b) => a - b);
  const frozen: FreezeUse[] = [];
  const heldAt = (ms: number) => bought.filter((at) => at <= ms).length - frozen.length;
  const runs: StreakRun[] = [];
  let run: StreakRun | undefined;
  /** The days the current run counted (a traveller may come back to a day already counted). */
  let runDays = new Set<string>();
  let deadline = 0;
  let covered = '';
  /** Consumes freezes while `at` is past the deadline; answers whether the streak is still alive at `at`. */
  const bridge = (at: number): boolean => {
    while (at > deadline) {
      if (heldAt(deadline) <= 0) return false;
      covered = addDays(covered, 1);
      frozen.push({ day: covered, usedAt: new Date(deadline + 1) });
      deadline += FREEZE_MS;
    }
    return true;
  };
  for (const { at, day } of sorted) {
    if (run && bridge(at.getTime())) {
      if (!runDays.has(day)) run.days += 1;
      run.last = at;
    } else {
      run = { days: 1, first: at, last: at };
      runs.push(run);
      runDays = new Set();
      covered = day;
    }
    runDays.add(day);
    deadline = at.getTime() + STREAK_WINDOW_MS;
    // A day counted already (a traveller's later post dated earlier locally) never moves the cover back.
    if (day > covered) covered = day;
  }
  const alive = run !== undefined && bridge(now.getTime());
  const freezesHeld = heldAt(now.getTime());
  return {
    runs,
    frozen,
    freezesHeld,
    endsAt: alive ? new Date(deadline + freezesHeld * FREEZE_MS) : null,
  };
}

/**
 * The streak report as the server records it at `now`: an activity may be dated a few minutes
 * ahead (core/poop-date.ts) and counts already, as does a freeze bought while the request waited
 * for the user's lock (its time is after the request's `now`).
 */
export function streakReportNow(history: StreakHistory, now: Date): StreakReport {
  const latest = Math.max(
    now.getTime(),
    ...history.activities.map(({ at }) => at.getTime()),
    ...(history.freezesBought ?? []).map((at) => at.getTime()),
  );
  return streakReport(history, new Date(latest));
}

/**
 * The streaks in a user's activity, oldest first ("daily streaks", our reading of spec section
 * 4): a post at most STREAK_WINDOW_HOURS (inclusive) after the previous one continues the streak,
 * a later one starts a new streak at 1, and the count rises at most once per calendar day (the
 * person's, core/personal-day.ts), so a streak counts the days that have a post. The activity may
 * come in any order (a post made offline arrives after later ones): the runs depend only on the set.
 * Without freezes; `streakReport` takes them into account.
 */
export function streakRuns(activities: readonly Activity[]): StreakRun[] {
  return streakReport({ activities }, new Date(8.64e15)).runs;
}

/** The streak fields of a report (stored on the user): the current run's days (0 once ended), the longest, the last activity. */
export function streakStateOf(report: StreakReport): StreakState {
  const current = report.runs.at(-1);
  return {
    currentStreak: report.endsAt === null ? 0 : (current?.days ?? 0),
    longestStreak: report.runs.reduce((longest, r) => Math.max(longest, r.days), 0),
    lastPoopPosted: current?.last ?? null,
  };
}

/**
 * The streak fields of a user's activity (any order): the current streak is the run of the latest
 * post, the longest the largest run. Computed from the times, never by counting arrivals, so a late
 * post lands where it belongs.
 */
export function streakFromActivity(activities: readonly Activity[]): StreakState {
  const runs = streakRuns(activities);
  const current = runs.at(-1);
  return {
    currentStreak: current?.days ?? 0,
    longestStreak: runs.reduce((longest, run) => Math.max(longest, run.days), 0),
    lastPoopPosted: current?.last ?? null,
  };
}

/**
 * The current streak as it reads at `now`: a streak whose last post is more than the window
 * ago has lapsed and reads 0, although the stored value only changes on the next post
 * (spec section 4: the reset happens when posting). Inclusive at exactly the window.
 */
export function readCurrentStreak(
  user: Pick<StreakState, 'currentStreak' | 'lastPoopPosted'> & { streakKeptUntil?: Date | null },
  now: Date,
): number {
  const last = user.lastPoopPosted;
  if (last === null || user.currentStreak <= 0) return 0;
  // Freezes held or used keep it alive past the window (`streakKeptUntil`, from streakReport's endsAt).
  if (user.streakKeptUntil && now.getTime() <= user.streakKeptUntil.getTime()) return user.currentStreak;
  return now.getTime() - last.getTime() <= STREAK_WINDOW_MS ? user.currentStreak : 0;
}

/** The earliest last-post instant whose streak is still alive at `now` (for queries). */
export function streakAliveSince(now: Date): Date {
  return new Date(now.getTime() - STREAK_WINDOW_MS);
}
