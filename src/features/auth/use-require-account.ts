import { useCallback } from 'react';
import { openLoginWall, useAuthState, type AccountAction } from '../../state/app.state';

export type { AccountAction };

/** True when the visitor has a real account: signed in, and not as an anonymous guest. */
export function hasAccount(auth: { uid: string | null; isAnonymous: boolean }): boolean {
  return auth.uid !== null && !auth.isAnonymous;
}

/**
 * Guards actions that need an account (spec section 6: post, like, comment, follow).
 * `requireAccount('like')` answers true for a signed-in user; for a guest or a signed-out
 * visitor it opens the login wall and answers false, so the caller simply stops:
 *
 *   const requireAccount = useRequireAccount();
 *   const onLike = () => { if (requireAccount('like')) like(poop.id); };
 */
export function useRequireAccount(): (action: AccountAction) => boolean {
  const auth = useAuthState();
  const allowed = hasAccount(auth);
  return useCallback(
    (action: AccountAction) => {
      if (allowed) return true;
      // Before Firebase has reported, nobody is known to lack an account: just do nothing yet.
      if (auth.resolved) openLoginWall(action);
      return false;
    },
    [allowed, auth.resolved],
  );
}
