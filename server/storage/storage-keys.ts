import type { ImageVariant } from '../../core/poop-api';

/**
 * Keys are built here only, from segments that are escaped one by one: any user-supplied part
 * (an e-mail, a type like "Type 1") becomes one safe segment, so a key can never climb out of
 * its folder ("..", "/", "\" and control characters are all escaped).
 */
const SEGMENT = /^[A-Za-z0-9._~!*'()%@+-]+$/;

export function keySegment(value: string): string {
  if (value === '') throw new RangeError('a storage key segment cannot be empty');
  // encodeURIComponent leaves only A-Z a-z 0-9 - _ . ! ~ * ' ( ); '@' is kept readable.
  const encoded = encodeURIComponent(value).replace(/%40/g, '@');
  // "." and ".." would be read as the current and the parent folder.
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}

/** Joins already-escaped segments into a key (or a prefix). */
export function storageKey(...segments: string[]): string {
  return segments.map(keySegment).join('/');
}

/** Whether `key` is one that storageKey could have produced; adapters refuse anything else. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment));
}

/** The folder of a post's images: poops/{email, or uid for accounts without one}/{type}/{id}. */
export function poopImagePrefix(owner: { email: string; uid: string }, type: string, id: string): string {
  return storageKey('poops', owner.email || owner.uid, type, id);
}

/** One stored variant of a post's image. */
export function poopImageKey(prefix: string, variant: ImageVariant): string {
  return `${prefix}/${variant}.webp`;
}

/** A user's avatar: users/{email, or uid}/avatar. */
export function avatarKey(owner: { email: string; uid: string }): string {
  return storageKey('users', owner.email || owner.uid, 'avatar');
}
