/**
 * Achievements (issue 44, part 4): a small catalogue of named rules over facts the server
 * gathers. Each is earned once, never taken back. An achievement that reveals something about
 * health (`revealsHealth`) is visible to its owner only, unless they choose to show it.
 */

import { BRISTOL_SCALE } from './poop';

/** What the rules read; the server gathers them after a post, a diary entry, a week close or a report. */
export interface AchievementFacts {
  /** Posts ever made. */
  posts: number;
  currentStreak: number;
  longestStreak: number;
  /** Distinct Bristol types (1 to 7) among the user's posts and diary entries. */
  bristolTypesLogged: number;
  /** New York calendar days with a post or a diary-only entry. */
  daysLogged: number;
  /** Weeks won in any league. */
  leagueWins: number;
  /** Doctor reports made (the health diary's report screen says so). */
  reportsMade: number;
  /** Streak freezes that kept a streak alive. */
  freezesThatSavedAStreak: number;
}

export interface AchievementDefinition {
  key: string;
  title: string;
  description: string;
  /** Shows something about the owner's health: private unless the owner shows it. */
  revealsHealth: boolean;
  earned: (facts: AchievementFacts) => boolean;
  /** For a count to reach (a streak, days logged, types): how far the facts are, and the goal. */
  progress?: (facts: AchievementFacts) => AchievementProgress;
}

/** How far toward an achievement that counts something: `current` never above `target`. */
export interface AchievementProgress {
  current: number;
  target: number;
}

const toward = (current: number, target: number): AchievementProgress => ({ current: Math.min(Math.max(current, 0), target), target });

/** The number of Bristol types (Type 1 to Type 7). */
export const BRISTOL_TYPE_COUNT = BRISTOL_SCALE.length;

const streak = (days: number): AchievementDefinition => ({
  key: `streak_${days}`,
  title: `${days}-day streak`,
  description: `Log ${days} days in a row.`,
  revealsHealth: false,
  earned: (f) => Math.max(f.currentStreak, f.longestStreak) >= days,
  // The streak that can still grow: a longer one that ended does not bring the next goal closer.
  progress: (f) => toward(f.currentStreak, days),
});

const daysLogged = (days: number): AchievementDefinition => ({
  key: `days_${days}`,
  title: `${days} days logged`,
  description: `Log on ${days} different days.`,
  revealsHealth: false,
  earned: (f) => f.daysLogged >= days,
  progress: (f) => toward(f.daysLogged, days),
});

export const ACHIEVEMENTS = [
  { key: 'first_post', title: 'First post', description: 'Share your first post.', revealsHealth: false, earned: (f) => f.posts >= 1 },
  streak(7),
  streak(30),
  streak(100),
  {
    key: 'all_types',
    title: 'Full Bristol scale',
    description: 'Log all seven Bristol types.',
    revealsHealth: true,
    earned: (f) => f.bristolTypesLogged >= BRISTOL_TYPE_COUNT,
    progress: (f) => toward(f.bristolTypesLogged, BRISTOL_TYPE_COUNT),
  },
  daysLogged(50),
  daysLogged(100),
  daysLogged(365),
  {
    key: 'first_league_win',
    title: 'League winner',
    description: 'Win a week in a league.',
    revealsHealth: false,
    earned: (f) => f.leagueWins >= 1,
  },
  {
    key: 'first_report',
    title: 'First report',
    description: 'Make a report for your doctor.',
    revealsHealth: true,
    earned: (f) => f.reportsMade >= 1,
  },
  {
    key: 'freeze_saved',
    title: 'Saved by a freeze',
    description: 'A streak freeze kept your streak alive.',
    revealsHealth: false,
    earned: (f) => f.freezesThatSavedAStreak >= 1,
  },
] as const satisfies readonly AchievementDefinition[];

export type AchievementKey = (typeof ACHIEVEMENTS)[number]['key'];

export const ACHIEVEMENT_KEYS: readonly AchievementKey[] = ACHIEVEMENTS.map((a) => a.key);

export function achievementByKey(key: string): AchievementDefinition | undefined {
  return ACHIEVEMENTS.find((a) => a.key === key);
}

/** The keys the facts earn, in catalogue order. */
export function earnedAchievements(facts: AchievementFacts): AchievementKey[] {
  return ACHIEVEMENTS.filter((a) => a.earned(facts)).map((a) => a.key);
}

/** How far the facts are toward an achievement that counts something; null for one that does not (a first post, a report). */
export function achievementProgress(key: string, facts: AchievementFacts): AchievementProgress | null {
  const definition: AchievementDefinition | undefined = achievementByKey(key);
  return definition?.progress ? definition.progress(facts) : null;
}

/** Whether others may see an earned achievement: a public one always, a health one only when its owner shows it. */
export function isAchievementVisibleToOthers(key: string, shown: boolean): boolean {
  const definition = achievementByKey(key);
  return definition !== undefined && (!definition.revealsHealth || shown);
}
