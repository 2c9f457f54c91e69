import { ApiError } from '../../api/api-error';
import { getCurrentUser, setCurrentUser } from '../../api/me.queries';
import { getMe } from '../../api/session.api';
import { setPostPayoff } from '../../state/app.state';

/**
 * After a post (sent at once, or later by the outbox) or other streak activity: reads the user
 * record again (the old one stays if that fails), since the streak and points moved, and, for a
 * post or a diary-only entry (`diaryEntry`, issue 64), tells what it earned: the streak's new count,
 * a milestone, the first one.
 */
export function refreshUserAfterActivity({ payoff, diaryEntry = false }: { payoff: boolean; diaryEntry?: boolean }): void {
  const before = getCurrentUser();
  getMe().then(
    (after) => {
      setCurrentUser(after);
      if (!payoff || !before) return;
      // The streak's rules (core/streak.ts, with luxon) load after a post, not with the app's start.
      import('../../../core/post-payoff').then(
        ({ postPayoff }) => {
          const earned = postPayoff(before, after, new Date());
          if (earned.newDay || earned.firstPost) setPostPayoff(diaryEntry ? { ...earned, diaryEntry } : earned);
        },
        (error: unknown) => console.warn("What the post earned could not be shown: the streak's code did not load", error),
      );
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    },
  );
}
