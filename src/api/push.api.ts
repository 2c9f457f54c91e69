import type { PushPublicKeyResponse, PushSubscriptionBody, PushSubscriptionResponse } from '../../core/push-api';
import { apiFetch } from './api-client';

/** The server's VAPID public key (base64url), the `applicationServerKey` for `pushManager.subscribe`. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await apiFetch<PushPublicKeyResponse>('/api/push/public-key')).publicKey;
}

/**
 * Registers this device: pass `subscription.toJSON()` (and the key it was made with). Answers
 * the token (the subscription id); registering the same endpoint again answers the same token.
 */
export async function registerPushSubscription(subscription: PushSubscriptionBody): Promise<string> {
  return (await apiFetch<PushSubscriptionResponse>('/api/push/subscriptions', { method: 'POST', body: subscription })).token;
}

/** Unregisters this device by its token (idempotent). */
export function unregisterPushToken(token: string): Promise<void> {
  return apiFetch<void>(`/api/push/subscriptions/${encodeURIComponent(token)}`, { method: 'DELETE' });
}

/** Unregisters this device by its endpoint, when the token is lost (idempotent). */
export function unregisterPushEndpoint(endpoint: string): Promise<void> {
  return apiFetch<void>('/api/push/subscriptions/unsubscribe', { method: 'POST', body: { endpoint } });
}
