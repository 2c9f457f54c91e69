import { ApiError, NETWORK_ERROR_CODE, toApiError } from './api-error';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON with `Content-Type: application/json`. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (the outbox's Idempotency-Key). */
  headers?: Record<string, string>;
}

let afterSuccess: (() => void) | null = null;

/** Called after every successful API call (the outbox replays then: the network is back). */
export function setAfterApiSuccess(callback: (() => void) | null): void {
  afterSuccess = callback;
}

/**
 * The one way the app calls its API (same origin, JSON under /api). Sends the session
 * cookie, answers the parsed JSON (undefined for 204) and throws ApiError otherwise.
 */
export async function apiFetch<T>(path: `/api/${string}`, request: ApiRequest = {}): Promise<T> {
  const { method = 'GET', body, signal, headers: extra } = request;
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(hasBody ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' }),
        ...extra,
      },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) throw toApiError(response.status, await response.text(), response.statusText);
  afterSuccess?.();
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Sends multipart/form-data with PUT and reports upload progress (0..1); answers the HTTP
 * status and the parsed JSON, or throws ApiError like apiFetch. XMLHttpRequest rather than
 * fetch because only it reports upload progress.
 */
export function uploadForm<T>(
  path: `/api/${string}`,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', path);
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
        resolve({ status: request.status, body: JSON.parse(request.responseText) as T });
      } catch {
        // A 2xx that is not our JSON (a proxy's page): as unusable as a failure.
        reject(new ApiError(request.status, 'internal', 'The server sent an unexpected answer.'));
      }
    });
    request.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR_CODE, 'The upload did not reach the server.')));
    request.addEventListener('abort', () => reject(new ApiError(0, NETWORK_ERROR_CODE, 'The upload was cancelled.')));
    request.send(form);
  });
}
