import type { ActivityResponse, DeleteAccountResponse, SupportBody, SupportResponse, UpdateMeBody } from '../../core/account-api';
import type { UserResponse } from '../../core/api';
import type { User } from '../../core/user';
import { apiFetch } from './api-client';
import { ApiError, NETWORK_ERROR_CODE, toApiError } from './api-error';
import { toUser } from './session.api';

/** Changes the caller's username or settings; 409 when the username is taken. */
export async function updateMe(body: UpdateMeBody): Promise<User> {
  return toUser(await apiFetch<UserResponse>('/api/me', { method: 'PATCH', body }));
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

/**
 * Uploads a new avatar (multipart/form-data, field `avatar`) and answers the updated user.
 * XMLHttpRequest rather than fetch because only it reports upload progress (0..1).
 */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<User> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', '/api/me/avatar');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, request.responseText, request.statusText));
        return;
      }
      try {
        resolve(toUser(JSON.parse(request.responseText) as UserResponse));
      } catch {
        // A 2xx that is not our JSON (a proxy's page): as unusable as a failure.
        reject(new ApiError(request.status, 'internal', 'The server sent an unexpected answer.'));
      }
    });
    request.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR_CODE, 'The upload did not reach the server.')));
    request.addEventListener('abort', () => reject(new ApiError(0, NETWORK_ERROR_CODE, 'The upload was cancelled.')));
    const form = new FormData();
    form.append('avatar', file);
    request.send(form);
  });
}
