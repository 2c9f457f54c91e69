import type {
  ActivityResponse,
  DeleteAccountResponse,
  SupportBody,
  SupportResponse,
  UpdateMeBody,
  UsernameAvailableResponse,
} from '../../core/account-api';
import type { UserResponse } from '../../core/api';
import type { User } from '../../core/user';
import { apiFetch, uploadForm } from './api-client';
import { toUser } from './session.api';

/** Changes the caller's username or settings; 409 when the username is taken. */
export async function updateMe(body: UpdateMeBody): Promise<User> {
  return toUser(await apiFetch<UserResponse>('/api/me', { method: 'PATCH', body }));
}

/** Whether the caller could take this username (the welcome's live check). */
export function getUsernameAvailable(username: string, signal?: AbortSignal): Promise<UsernameAvailableResponse> {
  return apiFetch<UsernameAvailableResponse>(`/api/me/username-available?username=${encodeURIComponent(username)}`, { signal });
}

/** One page of the caller's own activity, newest first; pass the previous nextCursor to go on. */
export function getActivity(cursor: string | null, signal?: AbortSignal): Promise<ActivityResponse> {
  const query = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  return apiFetch<ActivityResponse>(`/api/me/activity${query}`, { signal });
}

export function sendSupportMessage(body: SupportBody): Promise<SupportResponse> {
  return apiFetch<SupportResponse>('/api/support', { method: 'POST', body });
}

/** Deletes the caller's account and everything in it. */
export function deleteMe(): Promise<DeleteAccountResponse> {
  return apiFetch<DeleteAccountResponse>('/api/me', { method: 'DELETE' });
}

/** Uploads a new avatar (multipart/form-data, field `avatar`) and answers the updated user. */
export async function uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<User> {
  const form = new FormData();
  form.append('avatar', file);
  const { body } = await uploadForm<UserResponse>('/api/me/avatar', form, onProgress);
  return toUser(body);
}
