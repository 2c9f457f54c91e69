import type { CreateSessionBody, UserResponse } from '../../core/api';
import type { User } from '../../core/user';
import { apiFetch } from './api-client';

// The schema types subscriptionStatus as a string; the server only writes SubscriptionStatus
// values, so the wire user is narrowed to core's User here, in one place.
export const toUser = (response: UserResponse): User => response.user as User;

/** Exchanges a fresh Firebase ID token for the httpOnly session cookie. */
export async function createSession(idToken: string): Promise<User> {
  const body: CreateSessionBody = { idToken };
  return toUser(await apiFetch<UserResponse>('/api/session', { method: 'POST', body }));
}

export async function deleteSession(): Promise<void> {
  await apiFetch<void>('/api/session', { method: 'DELETE' });
}

export async function getMe(): Promise<User> {
  return toUser(await apiFetch<UserResponse>('/api/me'));
}
