import { useQuery } from '@tanstack/react-query';
import type { ValidateReceiptResponse } from '../../../core/chat-api';
import { receiptValidationQuery } from '../../api/premium.api';
import { useCurrentUser } from '../../state/app.state';

/**
 * Spec section 4: on first load, a premium user with a subscription id is validated with
 * validateStripeReceipt (`receiptValidationQuery`: once per load, the user reloaded when it
 * expired). Failures (offline, payments not set up) leave the user as they are, as the spec says
 * of failed backend calls. Answers the validation, whose subscription has the renewal date.
 */
export function useReceiptValidation(): ValidateReceiptResponse | undefined {
  const user = useCurrentUser();
  const receipt = user?.premium ? user.subscription?.id : undefined;
  const { data } = useQuery({ ...receiptValidationQuery(receipt ?? ''), enabled: receipt !== undefined });
  return receipt === undefined ? undefined : data;
}
