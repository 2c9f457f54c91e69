import { achievementTitle, achievementWords as achievementWordsIn, type AchievementWords } from '../../../core/achievement-words';
import type { NotificationParams } from '../../../core/notification-kinds';
import { i18n } from '../../i18n/i18n';

export type { AchievementWords };

/**
 * An achievement's words in the app's language, from its stable key (core/achievement-words.ts,
 * the words the server's pushes use too); the server's English shows only for a key this app
 * does not know yet.
 */
export function achievementWords(key: string, english: AchievementWords): AchievementWords {
  return achievementWordsIn(i18n, key, english);
}

/** The title of the achievement a notification names, in the app's language. */
export function achievementTitleText(params: Pick<NotificationParams, 'achievementKey' | 'achievementTitle'>): string | undefined {
  return achievementTitle(i18n, params);
}
