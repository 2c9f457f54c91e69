import type { PremiumPlanResponse, RedirectResponse, ValidateReceiptResponse } from '../../core/chat-api';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { setCurrentUser } from './me.queries';
import { getMe } from './session.api';
import { queryKeys } from './query-keys';

export function getPremiumPlan(signal?: AbortSignal): Promise<PremiumPlanResponse> {
  return apiFetch<PremiumPlanResponse>('/api/premium/plan', { signal });
}

export const premiumPlanQuery = () =>
  queryOptions({ queryKey: queryKeys.premiumPlan(), queryFn: ({ signal }) => getPremiumPlan(signal), staleTime: 60 * 60_000 });

/** A Stripe Checkout page for the subscription. */
export function startCheckout(): Promise<RedirectResponse> {
  return apiFetch<RedirectResponse>('/api/premium/checkout', { method: 'POST' });
}

/** Stripe's billing portal (manage or cancel). */
export function openBillingPortal(): Promise<RedirectResponse> {
  return apiFetch<RedirectResponse>('/api/premium/portal', { method: 'POST' });
}

/** Spec section 7 validateStripeReceipt. */
function validateStripeReceipt(receiptId: string, signal?: AbortSignal): Promise<ValidateReceiptResponse> {
  return apiFetch<ValidateReceiptResponse>('/api/validateStripeReceipt', { method: 'POST', body: { receiptId }, signal });
}

/** This page load: the spec validates a receipt "on first load", so an answer kept from an earlier load is not reused. */
const PAGE_LOAD = `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * validateStripeReceipt as a query: once per page load and receipt (never stale within it), not
 * retried (failed backend calls are only logged, spec section 7). The server records the outcome
 * (expired: premium false, canceled) and the user record is then reloaded. The answer carries the
 * renewal date the premium page shows.
 */
export const receiptValidationQuery = (receiptId: string) =>
  queryOptions({
    queryKey: queryKeys.premiumReceipt(receiptId, PAGE_LOAD),
    queryFn: async ({ signal }) => {
      const answer = await validateStripeReceipt(receiptId, signal);
      if (answer.isExpired) setCurrentUser(await getMe());
      return answer;
    },
    staleTime: Infinity,
    retry: false,
  });
