import { plural, t } from '@lingui/core/macro';
import { ACHIEVEMENTS } from '../../../core/achievements';

/** An achievement's name and what it asks, as a person reads them. */
export interface AchievementWords {
  title: string;
  description: string;
}

/**
 * An achievement's words in the reader's language, from its stable key (core/achievements.ts);
 * the server's English title and description stay for API users, and are shown as they are only
 * for a key this app does not know yet (a newer server).
 */
export function achievementWords(key: string, english: AchievementWords): AchievementWords {
  const streak = /^streak_(\d+)$/.exec(key);
  if (streak) {
    const days = Number(streak[1]);
    return {
      title: plural(days, { one: '#-day streak', other: '#-day streak' }),
      description: plural(days, { one: 'Log # day in a row.', other: 'Log # days in a row.' }),
    };
  }
  const logged = /^days_(\d+)$/.exec(key);
  if (logged) {
    const days = Number(logged[1]);
    return {
      title: plural(days, { one: '# day logged', other: '# days logged' }),
      description: plural(days, { one: 'Log on # day.', other: 'Log on # different days.' }),
    };
  }
  switch (key) {
    case 'first_post':
      return { title: t`First post`, description: t`Share your first post.` };
    case 'all_types':
      return { title: t`Full Bristol scale`, description: t`Log all seven Bristol types.` };
    case 'first_league_win':
      return { title: t`League winner`, description: t`Win a week in a league.` };
    case 'first_report':
      return { title: t`First report`, description: t`Make a report for your doctor.` };
    case 'freeze_saved':
      return { title: t`Saved by a freeze`, description: t`A streak freeze kept your streak alive.` };
    default:
      return english;
  }
}

/**
 * The title of the achievement a notification names: notifications keep the English title they
 * were written with (`achievementTitle`), which is one of the definitions' titles.
 */
export function achievementTitleText(englishTitle: string): string {
  const definition = ACHIEVEMENTS.find((achievement) => achievement.title === englishTitle);
  return definition ? achievementWords(definition.key, definition).title : englishTitle;
}
