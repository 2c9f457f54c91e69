import { registerRoute } from 'workbox-routing';
import { firstSharedImage, sharedPhotoStore } from '../core/browser/shared-photo-db';
import { SHARE_TARGET_FILE_FIELD, SHARE_TARGET_PATH, SHARED_PHOTO_PATH } from '../core/share-target';
import { sw } from './sw-scope';

/**
 * Web Share Target: a photo shared into the installed app (the manifest's `share_target`) is
 * posted here. The worker keeps it in IndexedDB and answers with the create screen, which picks
 * it up as if the user had chosen it (same compression, metadata removed). No network is needed,
 * and a signed-out user finds it there once signed in (the /root guard carries the path through).
 */
export function setupShareTarget(): void {
  registerRoute(
    ({ url }) => url.origin === sw.location.origin && url.pathname === SHARE_TARGET_PATH,
    async ({ request }) => {
      const photo = await keepSharedPhoto(request);
      // 303: the browser follows with a GET, so a reload does not post the share again.
      return Response.redirect(new URL(photo ? SHARED_PHOTO_PATH : '/root/create', sw.location.origin).href, 303);
    },
    'POST',
  );
}

/** Stores the share's photo; answers it, or undefined when the share had none or it could not be kept. */
async function keepSharedPhoto(request: Request): Promise<File | undefined> {
  try {
    const photo = firstSharedImage((await request.formData()).getAll(SHARE_TARGET_FILE_FIELD));
    if (photo) await sharedPhotoStore.put({ file: photo, name: photo.name, sharedAt: Date.now() });
    return photo;
  } catch (error) {
    // A body that is not a form (TypeError) or storage that refuses (DOMException): the user
    // still lands on the create screen, where they can choose the photo themselves.
    if (error instanceof TypeError || error instanceof DOMException) return undefined;
    throw error;
  }
}
