/**
 * Keys are built here only, from segments that are escaped one by one: any user-supplied part
 * (a type like "Type 1") becomes one safe segment, so a key can never climb out of its folder
 * ("..", "/", "\" and control characters are all escaped). The per-user folder is the uid: an
 * e-mail is mutable and reusable, so it appears in no key.
 */
import type { ImageVariant } from '../../core/poop-api';

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

/** The folder of a post's images: poops/{uid}/{type}/{id}. */
export function poopImagePrefix(owner: { uid: string }, type: string, id: string): string {
  return storageKey('poops', owner.uid, type, id);
}

/** One stored variant of a post's image. */
export function poopImageKey(prefix: string, variant: ImageVariant): string {
  return `${prefix}/${variant}.webp`;
}

/** A user's avatar: users/{uid}/avatar. */
export function avatarKey(owner: { uid: string }): string {
  return storageKey('users', owner.uid, 'avatar');
}

/** The same post folder under its owner's uid (for folders stored under an e-mail before). */
export function rekeyPoopPrefix(prefix: string, uid: string): string {
  const [root, , ...rest] = prefix.split('/');
  return [root, keySegment(uid), ...rest].join('/');
}

/** The post folder (`poops/{uid}/{type}/{id}`) a stored key lies in, or undefined for other keys. */
export function poopPrefixOf(key: string): string | undefined {
  const parts = key.split('/');
  return parts[0] === 'poops' && parts.length >= 5 ? parts.slice(0, 4).join('/') : undefined;
}
