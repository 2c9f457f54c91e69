import type { CreateSessionBody, UserResponse } from '../../core/api';
import type { User } from '../../core/user';
import { PAGE_SESSION_ELEMENT_ID } from '../../core/api-paths';
import { deviceTimeZone } from '../lib/device-time-zone';
import { apiFetch } from './api-client';
import { dataBlockText } from './page-data';

// The schema types subscriptionStatus as a string; the server only writes SubscriptionStatus
// values, so the wire user is narrowed to core's User here, in one place.
export const toUser = (response: UserResponse): User => response.user as User;

/**
 * Exchanges a fresh Firebase ID token for the httpOnly session cookie, naming the device's time
 * zone: a new account starts in it (its first post counts on the person's own day).
 */
export async function createSession(idToken: string): Promise<User> {
  const body: CreateSessionBody = { idToken, timeZone: deviceTimeZone() };
  return toUser(await apiFetch<UserResponse>('/api/session', { method: 'POST', body }));
}

export async function deleteSession(): Promise<void> {
  await apiFetch<void>('/api/session', { method: 'DELETE' });
}

export async function getMe(): Promise<User> {
  return toUser(await apiFetch<UserResponse>('/api/me'));
}

/**
 * Who the server said is signed in, in the page it sent (`null`: nobody); undefined when the
 * page says nothing (the service worker's copy) or what it says is not a user.
 */
export function sessionInPage(): { user: User | null } | undefined {
  const text = dataBlockText(PAGE_SESSION_ELEMENT_ID);
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('user' in value)) return undefined;
    const { user } = value;
    if (user === null) return { user: null };
    const uid = typeof user === 'object' ? (user as { uid?: unknown }).uid : undefined;
    return typeof uid === 'string' ? { user: user as User } : undefined;
  } catch (error) {
    // A page cut short: as good as saying nothing; the app asks GET /api/me.
    void error;
    return undefined;
  }
}
