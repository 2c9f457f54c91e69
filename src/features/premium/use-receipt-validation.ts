import { useEffect } from 'react';
import { validateStripeReceipt } from '../../api/premium.api';
import { getMe } from '../../api/session.api';
import { setCurrentUser, useCurrentUser } from '../../state/app.state';

/** Users whose receipt this page load has validated already (spec: "on first load"). */
const validated = new Set<string>();

/**
 * Spec section 4: on first load, a premium user with a subscription id is validated with
 * validateStripeReceipt; the server records the outcome (expired: premium false, canceled) and
 * the app reloads the user record. Failures (offline, payments not set up) are only logged, as
 * the spec says of failed backend calls.
 */
export function useReceiptValidation(): void {
  const user = useCurrentUser();
  const uid = user?.uid;
  const receipt = user?.premium ? user.subscription?.id : undefined;
  useEffect(() => {
    if (uid === undefined || receipt === undefined || validated.has(uid)) return;
    validated.add(uid);
    validateStripeReceipt(receipt)
      .then(async (result) => {
        if (result.isExpired) setCurrentUser(await getMe());
      })
      .catch((error: unknown) => console.warn('validateStripeReceipt failed', error));
  }, [uid, receipt]);
}
