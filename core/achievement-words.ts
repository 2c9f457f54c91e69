import type { I18n, MessageDescriptor } from '@lingui/core';
import { ACHIEVEMENTS } from './achievements';

/**
 * An achievement's name and what it asks, in the reader's language (issue 62), from its stable key
 * (core/achievements.ts). Lingui messages with explicit ids (`achievement.*`), marked `/*i18n*\/`
 * like core/push-words.ts, so the app (its achievements list, its notifications) and the server
 * (an `achievement_earned` push, in the recipient's catalog) word them from the same catalog entry.
 */
export interface AchievementWords {
  title: string;
  description: string;
}

const STREAK = {
  title: /*i18n*/ { id: 'achievement.streak.title', message: '{days, plural, one {#-day streak} other {#-day streak}}' },
  description: /*i18n*/ {
    id: 'achievement.streak.description',
    message: '{days, plural, one {Log # day in a row.} other {Log # days in a row.}}',
  },
} satisfies Record<keyof AchievementWords, MessageDescriptor>;

const DAYS_LOGGED = {
  title: /*i18n*/ { id: 'achievement.daysLogged.title', message: '{days, plural, one {# day logged} other {# days logged}}' },
  description: /*i18n*/ {
    id: 'achievement.daysLogged.description',
    message: '{days, plural, one {Log on # day.} other {Log on # different days.}}',
  },
} satisfies Record<keyof AchievementWords, MessageDescriptor>;

const NAMED: Readonly<Record<string, Record<keyof AchievementWords, MessageDescriptor>>> = {
  first_post: {
    title: /*i18n*/ { id: 'achievement.firstPost.title', message: 'First post' },
    description: /*i18n*/ { id: 'achievement.firstPost.description', message: 'Share your first post.' },
  },
  all_types: {
    title: /*i18n*/ { id: 'achievement.allTypes.title', message: 'Full Bristol scale' },
    description: /*i18n*/ { id: 'achievement.allTypes.description', message: 'Log all seven Bristol types.' },
  },
  first_league_win: {
    title: /*i18n*/ { id: 'achievement.firstLeagueWin.title', message: 'League winner' },
    description: /*i18n*/ { id: 'achievement.firstLeagueWin.description', message: 'Win a week in a league.' },
  },
  first_report: {
    title: /*i18n*/ { id: 'achievement.firstReport.title', message: 'First report' },
    description: /*i18n*/ { id: 'achievement.firstReport.description', message: 'Make a report for your doctor.' },
  },
  freeze_saved: {
    title: /*i18n*/ { id: 'achievement.freezeSaved.title', message: 'Saved by a freeze' },
    description: /*i18n*/ { id: 'achievement.freezeSaved.description', message: 'A streak freeze kept your streak alive.' },
  },
};

function say(i18n: I18n, descriptor: MessageDescriptor, values?: MessageDescriptor['values']): string {
  return i18n._(descriptor.id, values, { message: descriptor.message });
}

/**
 * An achievement's words in `i18n`'s language. The server's English words (`english`) stay for
 * API users and show as they are only for a key this build does not know yet (a newer server).
 */
export function achievementWords(i18n: I18n, key: string, english: AchievementWords): AchievementWords {
  const counted = /^(streak|days)_(\d+)$/.exec(key);
  if (counted) {
    const words = counted[1] === 'streak' ? STREAK : DAYS_LOGGED;
    const values = { days: Number(counted[2]) };
    return { title: say(i18n, words.title, values), description: say(i18n, words.description, values) };
  }
  const named = NAMED[key];
  return named ? { title: say(i18n, named.title), description: say(i18n, named.description) } : english;
}

/**
 * The title of the achievement a notification names, in `i18n`'s language: by its key
 * (`achievementKey`), or, for a row written before keys were stored, by the English title it
 * was written with, which is one of the definitions' titles; an unknown one shows as written.
 */
export function achievementTitle(i18n: I18n, params: { achievementKey?: string; achievementTitle?: string }): string | undefined {
  const key = params.achievementKey ?? ACHIEVEMENTS.find((achievement) => achievement.title === params.achievementTitle)?.key;
  if (key === undefined) return params.achievementTitle;
  const english = { title: params.achievementTitle ?? '', description: '' };
  return achievementWords(i18n, key, english).title || undefined;
}
