import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../core/user';
import { queryKeys } from '../api/query-keys';
import { activateLocale } from './i18n';
import { chosenLocale, saveChosenLocale } from './locale';

/**
 * The account's language follows the person (issue 62): when the signed-in user's record names
 * one (chosen in Account, maybe on another device), this device keeps it as its own choice (for
 * the next start's first paint and offline) and shows it at once. An account without a choice
 * leaves the device's own choice, or its languages, as they are.
 */
export function followAccountLanguage(client: QueryClient): () => void {
  const follow = (user: User | null | undefined) => {
    const language = user?.language;
    if (!language || language === chosenLocale()) return;
    saveChosenLocale(language);
    activateLocale(language).catch((error: unknown) => console.warn('The language could not be loaded', error));
  };
  // Signed in on the landing page, the record is there before the app starts.
  follow(client.getQueryData<User | null>(queryKeys.me()));
  const meHash = hashKey(queryKeys.me());
  return client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === meHash) follow(event.query.state.data as User | null | undefined);
  });
}
