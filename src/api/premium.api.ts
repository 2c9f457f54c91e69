import type { PremiumPlanResponse, RedirectResponse, ValidateReceiptResponse } from '../../core/chat-api';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';
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
export function validateStripeReceipt(receiptId: string): Promise<ValidateReceiptResponse> {
  return apiFetch<ValidateReceiptResponse>('/api/validateStripeReceipt', { method: 'POST', body: { receiptId } });
}
