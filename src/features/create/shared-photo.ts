import { sharedPhotoStore } from '../../../core/browser/shared-photo-db';

/**
 * Reads the photo shared into the app (sw/share-target.ts keeps it in IndexedDB) and hands it
 * to `onPhoto`, unless cancelled first (the answered function). It stays stored until the post
 * is made (`forgetSharedPhoto`), so a reload or a sign-in in between does not lose it.
 */
export function readSharedPhoto(onPhoto: (file: File) => void): () => void {
  let live = true;
  sharedPhotoStore.get().then(
    (photo) => {
      if (live && photo) onPhoto(new File([photo.file], photo.name || 'shared-photo', { type: photo.file.type }));
    },
    (error: unknown) => {
      // IndexedDB unavailable (a private window may refuse it): the user chooses the photo themselves.
      if (!(error instanceof DOMException)) throw error;
    },
  );
  return () => {
    live = false;
  };
}

/** The share has become a post (sent or queued): the stored photo is no longer needed. */
export function forgetSharedPhoto(): void {
  sharedPhotoStore.clear().catch((error: unknown) => {
    // Left behind, it is replaced by the next share and removed at sign-out.
    if (!(error instanceof DOMException)) throw error;
  });
}
