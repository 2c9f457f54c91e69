/**
 * Web Share Target (issue 45): the manifest's `share_target` posts a shared photo here; the
 * service worker keeps it in IndexedDB and opens the create screen with it chosen.
 * public/manifest.webmanifest names the same path and field (e2e/installed-app.spec.ts checks both).
 */
export const SHARE_TARGET_PATH = '/root/share';
/** The multipart field the manifest's `share_target.params.files` names. */
export const SHARE_TARGET_FILE_FIELD = 'photo';
/** `/root/create?shared=1`: the photo waiting in the shared-photo store is the post's photo. */
export const SHARED_PHOTO_PARAM = 'shared';
export const SHARED_PHOTO_PATH = `/root/create?${SHARED_PHOTO_PARAM}=1`;

export const SHARED_PHOTO_DB_NAME = 'plop-shared-photo';
export const SHARED_PHOTO_DB_VERSION = 1;
export const SHARED_PHOTO_STORE = 'photos';
/** One photo waits at a time: a new share replaces it. */
export const SHARED_PHOTO_KEY = 'pending';
