/** What the /root route guard does right now (spec section 2, "Routes under /root"). */
export type GuardDecision = 'wait' | 'allow' | 'redirect';

export interface GuardInput {
  /** A signed-in user is known (now, or reported later by the auth state). */
  hasUser: boolean;
  /** The auth state has reported at least once. */
  authResolved: boolean;
  /** The app runs installed / display-mode standalone. */
  isStandalone: boolean;
  /** Served from localhost: the guard only waits for the auth state there. */
  isLocalhost: boolean;
}

/**
 * Lets a user in if a user exists, or the app runs standalone (except on localhost),
 * waits (renders nothing) while the auth state is undetermined, and otherwise redirects to /.
 */
export function guardDecision(input: GuardInput): GuardDecision {
  if (input.hasUser) return 'allow';
  if (!input.isLocalhost && input.isStandalone) return 'allow';
  if (!input.authResolved) return 'wait';
  return 'redirect';
}
