import { sharedPhotoStore } from '../../../core/browser/shared-photo-db';
import { API_CACHE_NAME, API_READS_CACHE_NAME, IMAGES_CACHE_NAME } from '../../../core/offline-caches';
import { clearOutbox } from '../../api/outbox';
import { forgetGonePoops } from '../../api/poop-cache';
import { queryClient } from '../../api/query-client';
import { clearPersistedQueries } from '../../api/query-persist';

/**
 * Sign-out: forgets what this user queued and everything saved for reading offline (the
 * worker's API and image caches, the query cache and its persisted copy, a shared photo not
 * posted), so the next account
 * on this device sees none of it.
 */
export async function clearUserData(uid: string | null): Promise<void> {
  queryClient.clear();
  forgetGonePoops(queryClient);
  const jobs: Array<Promise<unknown>> = [];
  jobs.push(clearPersistedQueries());
  if (uid !== null) jobs.push(clearOutbox(uid));
  // A photo shared into the app and not posted is this user's too.
  jobs.push(sharedPhotoStore.clear());
  if (typeof caches !== 'undefined') {
    for (const name of [API_READS_CACHE_NAME, IMAGES_CACHE_NAME, API_CACHE_NAME]) jobs.push(caches.delete(name));
  }
  const results = await Promise.allSettled(jobs);
  for (const result of results) if (result.status === 'rejected') console.error('Sign-out could not clear saved data', result.reason);
}
