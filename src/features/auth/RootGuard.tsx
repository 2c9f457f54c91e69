import type { ReactNode } from 'react';
import { Navigate } from '@tanstack/react-router';
import { guardDecision } from '../../../core/guard';
import { isLocalhostName, isStandaloneDisplay } from '../../lib/display-mode';
import { useAuthState } from '../../state/app.state';

/** The /root guard (core/guard.ts): nothing while undetermined, else the app or a redirect to /. */
export function RootGuard({ children }: { children: ReactNode }) {
  const { resolved, uid } = useAuthState();
  // Only a visitor's decision depends on the display: a known user's reads no window (the server renders it).
  const visitor = uid === null;
  const decision = guardDecision({
    hasUser: !visitor,
    authResolved: resolved,
    isStandalone: visitor && isStandaloneDisplay(),
    isLocalhost: visitor && isLocalhostName(window.location.hostname),
  });
  if (decision === 'wait') return null;
  if (decision === 'redirect') return <Navigate to="/" replace />;
  return children;
}
