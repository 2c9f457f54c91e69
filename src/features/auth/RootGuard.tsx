import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@tanstack/react-router';
import { guardDecision } from '../../../core/guard';
import { safeReturnPath } from '../../../core/return-path';
import { isLocalhostName, isStandaloneDisplay } from '../../lib/display-mode';
import { useAuthState } from '../../state/app.state';

/**
 * The /root guard (core/guard.ts): nothing while undetermined, else the app or a redirect to /,
 * which carries the screen asked for (a shared post's link) so that sign-in continues to it.
 */
export function RootGuard({ children }: { children: ReactNode }) {
  const { resolved, uid } = useAuthState();
  const requested = useLocation({ select: (location) => location.href });
  // Only a visitor's decision depends on the display: a known user's reads no window (the server renders it).
  const visitor = uid === null;
  const decision = guardDecision({
    hasUser: !visitor,
    authResolved: resolved,
    isStandalone: visitor && isStandaloneDisplay(),
    isLocalhost: visitor && isLocalhostName(window.location.hostname),
  });
  if (decision === 'wait') return null;
  if (decision === 'redirect') {
    // While the redirect is under way this guard may render once more with the landing's location: it is done then.
    if (!requested.startsWith('/root')) return null;
    return <Navigate to="/" search={{ next: safeReturnPath(requested) }} replace />;
  }
  return children;
}
