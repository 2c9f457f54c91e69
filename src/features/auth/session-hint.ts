/**
 * Whether this browser had an API session the last time it looked (the cookie itself is
 * httpOnly). Without the hint the start-up does not ask GET /api/me, whose 401 would only
 * cost a request and log an error for every signed-out visitor.
 */
const SESSION_HINT_KEY = 'plop.hasSession';

export function rememberSession(has: boolean): void {
  try {
    if (has) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch (error) {
    // Storage off (private mode, quota): the start-up then waits for Firebase, as before.
    void error;
  }
}

export function hadSession(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) !== null;
  } catch (error) {
    void error;
    return false;
  }
}
