import { postPayoff } from '../../../core/post-payoff';
import { ApiError } from '../../api/api-error';
import { getCurrentUser, setCurrentUser } from '../../api/me.queries';
import { getMe } from '../../api/session.api';
import { setPostPayoff } from '../../state/app.state';

/**
 * After a post (sent at once, or later by the outbox) or other streak activity: reads the user
 * record again (the old one stays if that fails), since the streak and points moved, and, for a
 * post, tells what it earned: the streak's new count, a milestone, the first post.
 */
export function refreshUserAfterActivity({ payoff }: { payoff: boolean }): void {
  const before = getCurrentUser();
  getMe().then(
    (after) => {
      setCurrentUser(after);
      const earned = payoff && before ? postPayoff(before, after, new Date()) : undefined;
      if (earned && (earned.newDay || earned.firstPost)) setPostPayoff(earned);
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    },
  );
}
