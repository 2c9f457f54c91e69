import {
  ACHIEVEMENTS,
  achievementByKey,
  achievementProgress,
  earnedAchievements,
  isAchievementVisibleToOthers,
  type AchievementFacts,
} from '../../core/achievements';
import type { MyAchievementsResponse, PublicAchievement } from '../../core/league-api';
import { notificationLink, notificationParams } from '../../core/notification-kinds';
import { readCurrentStreak } from '../../core/streak';
import { NotFoundError, ValidationError } from '../errors';
import type { AchievementRepository } from '../repositories/achievement.repository';

/** Facts only callers know (the stored ones are read here): the lead wires the freeze's count in. */
export type ExtraFacts = Partial<Pick<AchievementFacts, 'reportsMade'>>;

export const ACHIEVEMENT_MESSAGES = {
  alwaysPublic: 'This achievement is always shown on your profile.',
  notEarned: 'You have not earned this achievement yet.',
} as const;

/**
 * Awards achievements (core/achievements.ts) after a post, a diary entry, a week close or a report:
 * each key once, with an `achievement_earned` notification; lists them for their owner and others.
 */
export class AchievementService {
  constructor(
    private readonly achievements: AchievementRepository,
    private readonly now: () => Date,
  ) {}

  /**
   * Reads the user's facts, adds `extra` (a report made: a fact the device tells) and records what they newly earn. Answers the keys newly earned.
   */
  async evaluate(uid: string, extra: ExtraFacts = {}): Promise<string[]> {
    const now = this.now();
    const facts = await this.facts(uid, now, extra);
    if (!facts) return [];
    return this.achievements.award(uid, earnedAchievements(facts), now, (key) => {
      const subject = { actorUid: uid, actorName: '', achievementKey: key, achievementTitle: achievementByKey(key)?.title };
      return {
        uid,
        kind: 'achievement_earned',
        params: notificationParams('achievement_earned', subject),
        link: notificationLink('achievement_earned', subject),
        actorUid: uid,
        poopId: null,
        dedupeKey: `achievement_earned:${key}`,
        createdDate: now,
      };
    });
  }

  private async facts(uid: string, now: Date, extra: ExtraFacts): Promise<AchievementFacts | undefined> {
    const stored = await this.achievements.facts(uid);
    if (!stored) return undefined;
    return {
      posts: stored.posts,
      currentStreak: readCurrentStreak(stored, now),
      longestStreak: stored.longestStreak,
      bristolTypesLogged: stored.bristolTypesLogged,
      daysLogged: stored.daysLogged,
      leagueWins: stored.leagueWins,
      reportsMade: extra.reportsMade ?? 0,
      freezesThatSavedAStreak: stored.freezesThatSavedAStreak,
    };
  }

  /** The whole catalogue for its owner: earned ones with their date, locked ones without, and how far toward each counted one. */
  async mine(uid: string): Promise<MyAchievementsResponse> {
    const earned = new Map((await this.achievements.list(uid)).map((row) => [row.key, row]));
    const facts = await this.facts(uid, this.now(), {});
    return {
      achievements: ACHIEVEMENTS.map((a) => {
        const row = earned.get(a.key);
        return {
          key: a.key,
          title: a.title,
          description: a.description,
          revealsHealth: a.revealsHealth,
          earnedAt: row ? row.earnedAt.toISOString() : null,
          visibleToOthers: row !== undefined && isAchievementVisibleToOthers(a.key, row.shown),
          progress: facts ? achievementProgress(a.key, facts) : null,
        };
      }),
    };
  }

  /** Shows or hides an earned achievement that reveals health (the others are always public). */
  async setShown(uid: string, key: string, shown: boolean): Promise<MyAchievementsResponse> {
    if (!achievementByKey(key)?.revealsHealth) throw new ValidationError(ACHIEVEMENT_MESSAGES.alwaysPublic);
    if (!(await this.achievements.setShown(uid, key, shown))) throw new NotFoundError(ACHIEVEMENT_MESSAGES.notEarned);
    return this.mine(uid);
  }

  /** The report screen made a report: the first one earns its achievement (replays change nothing). */
  async reportMade(uid: string): Promise<MyAchievementsResponse> {
    await this.evaluate(uid, { reportsMade: 1 });
    return this.mine(uid);
  }

  /** What others see on the profile: earned public ones, and health ones their owner shows. */
  async publicFor(uid: string): Promise<PublicAchievement[]> {
    const earned = await this.achievements.list(uid);
    return earned.flatMap((row) => {
      const definition = achievementByKey(row.key);
      if (!definition || !isAchievementVisibleToOthers(row.key, row.shown)) return [];
      return [{ key: row.key, title: definition.title, description: definition.description, earnedAt: row.earnedAt.toISOString() }];
    });
  }
}
