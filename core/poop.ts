/** Poop posts: the nine types, the status rule and who may see a post (spec sections 3 and 4). */

export const POOP_TYPES = ['Type 1', 'Type 2', 'Type 3', 'Type 4', 'Type 5', 'Type 6', 'Type 7', 'Other', 'Indecise'] as const;
export type PoopType = (typeof POOP_TYPES)[number];

export const POOP_STATUSES = ['pending', 'approved', 'denied'] as const;
export type PoopStatus = (typeof POOP_STATUSES)[number];

/** Types 1 to 7, the Bristol scale (Other and Indecise are not on it): what shares of hard or loose and the full-scale achievement count. */
export const BRISTOL_SCALE: readonly PoopType[] = POOP_TYPES.filter((type) => type.startsWith('Type '));

export function isPoopType(value: string): value is PoopType {
  return (POOP_TYPES as readonly string[]).includes(value);
}

/** The spec compares the type with 'other' case-insensitively. */
export function isOtherType(type: string): boolean {
  return type.trim().toLowerCase() === 'other';
}

/** A new post (or an owner's edit of its type) is approved, unless its type is 'other': then it waits, pending. */
export function initialPoopStatus(type: string): PoopStatus {
  return isOtherType(type) ? 'pending' : 'approved';
}

/** A moderator changing the type decides: 'other' is denied, anything else approved. */
export function moderatedPoopStatus(type: string): PoopStatus {
  return isOtherType(type) ? 'denied' : 'approved';
}

export interface PoopVisibilityFields {
  uid: string;
  status: PoopStatus;
  deleted: boolean;
  private: boolean;
}

/** Who is asking: undefined for a visitor without a session. */
export interface PoopViewer {
  uid: string;
  admin: boolean;
}

/** What everyone may see: approved, not deleted, not private (the feed's filter). */
export function isPublicPoop(poop: PoopVisibilityFields): boolean {
  return poop.status === 'approved' && !poop.deleted && !poop.private;
}

/**
 * Deleted posts are gone for everyone; private and not-yet-approved ones are visible to their
 * owner and to admins only. Everything that exposes a post (by id, its image, its comments,
 * liking it) goes through this one rule.
 */
export function canViewPoop(poop: PoopVisibilityFields, viewer: PoopViewer | undefined): boolean {
  if (poop.deleted) return false;
  if (isPublicPoop(poop)) return true;
  return viewer !== undefined && (viewer.uid === poop.uid || viewer.admin);
}
