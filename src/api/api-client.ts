import { ApiError, NETWORK_ERROR_CODE, toApiError } from './api-error';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with `Content-Type: application/json`. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one way the app calls its API (same origin, JSON under /api). Sends the session
 * cookie, answers the parsed JSON (undefined for 204) and throws ApiError otherwise.
 */
export async function apiFetch<T>(path: `/api/${string}`, request: ApiRequest = {}): Promise<T> {
  const { method = 'GET', body, signal } = request;
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: hasBody ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) throw toApiError(response.status, await response.text(), response.statusText);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
