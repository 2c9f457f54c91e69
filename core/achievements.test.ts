import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_KEYS,
  ACHIEVEMENTS,
  achievementProgress,
  earnedAchievements,
  isAchievementVisibleToOthers,
  type AchievementFacts,
} from './achievements';

const NO_FACTS: AchievementFacts = {
  posts: 0,
  currentStreak: 0,
  longestStreak: 0,
  bristolTypesLogged: 0,
  daysLogged: 0,
  leagueWins: 0,
  reportsMade: 0,
  freezesThatSavedAStreak: 0,
};

describe('the achievement catalogue', () => {
  it('has one entry per key, each with a title and description', () => {
    expect(new Set(ACHIEVEMENT_KEYS).size).toBe(ACHIEVEMENTS.length);
    expect(ACHIEVEMENT_KEYS).toEqual([
      'first_post',
      'streak_7',
      'streak_30',
      'streak_100',
      'all_types',
      'days_50',
      'days_100',
      'days_365',
      'first_league_win',
      'first_report',
      'freeze_saved',
    ]);
    for (const a of ACHIEVEMENTS) expect(a.title.length * a.description.length).toBeGreaterThan(0);
  });

  it('earns nothing without facts', () => {
    expect(earnedAchievements(NO_FACTS)).toEqual([]);
  });

  it('earns the first post with one post', () => {
    expect(earnedAchievements({ ...NO_FACTS, posts: 1 })).toEqual(['first_post']);
  });

  it('earns streaks at exactly 7, 30 and 100 days, from the current or the longest streak', () => {
    expect(earnedAchievements({ ...NO_FACTS, currentStreak: 6, longestStreak: 6 })).toEqual([]);
    expect(earnedAchievements({ ...NO_FACTS, currentStreak: 7, longestStreak: 7 })).toEqual(['streak_7']);
    expect(earnedAchievements({ ...NO_FACTS, currentStreak: 2, longestStreak: 30 })).toEqual(['streak_7', 'streak_30']);
    expect(earnedAchievements({ ...NO_FACTS, longestStreak: 99 })).not.toContain('streak_100');
    expect(earnedAchievements({ ...NO_FACTS, longestStreak: 100 })).toContain('streak_100');
  });

  it('measures progress toward the counted ones from the streak that can still grow, capped at the goal', () => {
    const facts = { ...NO_FACTS, currentStreak: 8, longestStreak: 12, daysLogged: 400, bristolTypesLogged: 3 };
    expect(achievementProgress('streak_30', facts)).toEqual({ current: 8, target: 30 });
    expect(achievementProgress('days_50', facts)).toEqual({ current: 50, target: 50 });
    expect(achievementProgress('all_types', facts)).toEqual({ current: 3, target: 7 });
    expect(achievementProgress('first_post', facts)).toBeNull();
    expect(achievementProgress('no_such_key', facts)).toBeNull();
  });

  it('earns the full scale with all seven Bristol types, not six', () => {
    expect(earnedAchievements({ ...NO_FACTS, bristolTypesLogged: 6 })).toEqual([]);
    expect(earnedAchievements({ ...NO_FACTS, bristolTypesLogged: 7 })).toEqual(['all_types']);
  });

  it('earns 50, 100 and 365 days logged at those counts', () => {
    expect(earnedAchievements({ ...NO_FACTS, daysLogged: 49 })).toEqual([]);
    expect(earnedAchievements({ ...NO_FACTS, daysLogged: 50 })).toEqual(['days_50']);
    expect(earnedAchievements({ ...NO_FACTS, daysLogged: 365 })).toEqual(['days_50', 'days_100', 'days_365']);
  });

  it('earns a first league win, a first report and a freeze that saved a streak', () => {
    expect(earnedAchievements({ ...NO_FACTS, leagueWins: 1 })).toEqual(['first_league_win']);
    expect(earnedAchievements({ ...NO_FACTS, reportsMade: 1 })).toEqual(['first_report']);
    expect(earnedAchievements({ ...NO_FACTS, freezesThatSavedAStreak: 1 })).toEqual(['freeze_saved']);
  });

  it('keeps achievements that reveal health from others unless shown', () => {
    expect(isAchievementVisibleToOthers('all_types', false)).toBe(false);
    expect(isAchievementVisibleToOthers('first_report', false)).toBe(false);
    expect(isAchievementVisibleToOthers('all_types', true)).toBe(true);
    expect(isAchievementVisibleToOthers('streak_7', false)).toBe(true);
    expect(isAchievementVisibleToOthers('unknown', true)).toBe(false);
  });
});
