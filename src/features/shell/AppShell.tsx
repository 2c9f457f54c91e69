import { lazy, Suspense } from 'react';
import { Outlet } from '@tanstack/react-router';
import { ToastHost } from '../../components/toast/ToastHost';
import { useLoginWall, useSwUpdate } from '../../state/app.state';
import { OfflineChip } from '../connectivity/OfflineChip';
import { OutboxIndicator } from '../outbox/OutboxIndicator';
import { usePushSync } from '../push/use-push-sync';

// Loaded when first needed: neither belongs in the chunk every page starts with.
const LoginWallDialog = lazy(() => import('../auth/LoginWallDialog').then((m) => ({ default: m.LoginWallDialog })));
const UpdatePrompt = lazy(() => import('../update/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** Every page: the route's screen plus the app-wide elements (toasts, offline chip, update prompt, login wall). */
export function AppShell() {
  const loginWall = useLoginWall();
  const update = useSwUpdate();
  usePushSync();
  return (
    <>
      <Outlet />
      <ToastHost />
      <OfflineChip />
      <OutboxIndicator />
      <Suspense fallback={null}>
        {update !== null && <UpdatePrompt />}
        {loginWall.open && <LoginWallDialog />}
      </Suspense>
    </>
  );
}
