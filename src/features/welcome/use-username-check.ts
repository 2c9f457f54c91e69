import { useEffect, useState } from 'react';
import { checkUsername } from '../../../core/username';
import { ApiError } from '../../api/api-error';
import { usernameProblemText } from '../../api/error-text';
import { getUsernameAvailable } from '../../api/me.api';

/** How long typing must pause before the name is asked about. */
const CHECK_DELAY_MS = 400;

export type UsernameCheck =
  | { state: 'same' }
  | { state: 'checking' }
  | { state: 'available'; username: string }
  | { state: 'unavailable'; message: string }
  /** The server could not be asked (offline): saving will say. */
  | { state: 'unknown'; username: string };

/**
 * The live check of a username as it is typed: core's rules at once, then (after a pause) the
 * server's answer on whether someone else has it. Answers for the latest text only.
 */
export function useUsernameCheck(text: string, current: string): UsernameCheck {
  const local = checkUsername(text);
  const same = local.ok && local.username === current;
  const candidate = local.ok && !same ? local.username : null;
  const [answer, setAnswer] = useState<{ for: string; check: UsernameCheck } | null>(null);

  useEffect(() => {
    if (candidate === null) return;
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      getUsernameAvailable(candidate, abort.signal).then(
        (result) =>
          setAnswer({
            for: candidate,
            check: result.available
              ? { state: 'available', username: candidate }
              : { state: 'unavailable', message: usernameProblemText(result.reason ?? 'taken') },
          }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          if (!(error instanceof ApiError)) throw error;
          setAnswer({ for: candidate, check: { state: 'unknown', username: candidate } });
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [candidate]);

  if (!local.ok) return { state: 'unavailable', message: usernameProblemText(local.problem) };
  if (same) return { state: 'same' };
  return answer?.for === candidate ? answer.check : { state: 'checking' };
}
