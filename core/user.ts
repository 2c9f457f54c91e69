import type { Language } from './language';
import { NEW_USER_ACCUMULATED_POINTS, NEW_USER_CURRENT_POINTS } from './constants';

export type SubscriptionStatus = 'active' | 'canceled' | 'incomplete' | 'past_due' | '';

export interface PoopTypeDescription {
  type: string;
  description: string;
  modifiedDate: string;
}

/** The user record as the API returns it (spec section 3, User). */
export interface User {
  uid: string;
  email: string;
  username: string;
  username_searchable: string;
  createdAt: string;
  updatedAt: string;
  photoURL: string;
  premium: boolean;
  followers: number;
  followings: number;
  points: { accumulatedPoints: number; currentPoints: number };
  subscription: { id: string } | null;
  subscriptionStatus: SubscriptionStatus;
  fcmToken: string;
  enableNotifications: boolean;
  /** The user's choice of theme; null until they choose: the app follows the device's light/dark setting. */
  darkMode: boolean | null;
  /** The language chosen in Account; null until chosen: each device follows its own languages. */
  language: Language | null;
  alwaysView: boolean;
  poopTypeDescription: PoopTypeDescription | null;
  currentStreak: number;
  longestStreak: number;
  lastPoopPosted: string | null;
  admin: boolean;
  receipt: string;
  /** When the new-account welcome was finished or skipped; null: the app shows it (once per account). */
  welcomedAt: string | null;
  /** The user has opened the leaderboard once: the top bar's 'New' badge is no longer shown. */
  leaderboardSeen: boolean;
}

/** The values a freshly created user starts with (spec section 3). */
export const NEW_USER_DEFAULTS = {
  premium: false,
  followers: 0,
  followings: 0,
  points: { accumulatedPoints: NEW_USER_ACCUMULATED_POINTS, currentPoints: NEW_USER_CURRENT_POINTS },
  photoURL: '',
} as const;

/** A user counts as premium with an active subscription, or as an admin (spec section 4). */
export function isPremium(user: Pick<User, 'premium' | 'subscriptionStatus' | 'admin'>): boolean {
  return (user.premium && user.subscriptionStatus === 'active') || user.admin;
}
