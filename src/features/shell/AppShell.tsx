import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from '@tanstack/react-router';
import { ToastHost, ToastItem } from '../../components/toast/ToastHost';
import { whenIdle } from '../../lib/when-idle';
import { useLoginWall, useSwUpdate } from '../../state/app.state';
import { OfflineChip, OfflineChipView } from '../connectivity/OfflineChip';
import { OutboxChip, OutboxIndicator } from '../outbox/OutboxIndicator';
import { usePushSync } from '../push/use-push-sync';
import { useRecordTimeZone } from '../streak/use-record-time-zone';
import { SkipLinks } from './SkipLinks';

// Loaded when first needed: neither belongs in the chunk every page starts with.
const LoginWallDialog = lazy(() => import('../auth/LoginWallDialog').then((m) => ({ default: m.LoginWallDialog })));
const UpdatePrompt = lazy(() => import('../update/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** Delay before the shell's parts (toast, chips) load ahead: the first screen comes first. */
const SHELL_PREFETCH_DELAY_MS = 2000;

/** Every page: the skip links (the first Tab stops), the route's screen plus the app-wide elements (toasts, offline chip, update prompt, login wall). */
export function AppShell() {
  const loginWall = useLoginWall();
  const update = useSwUpdate();
  usePushSync();
  useRecordTimeZone();
  // Loaded ahead once the page is idle, so they show at once, offline too, when first needed.
  useEffect(() => {
    whenIdle(() => {
      ToastItem.prefetch();
      OfflineChipView.prefetch();
      OutboxChip.prefetch();
    }, SHELL_PREFETCH_DELAY_MS);
  }, []);
  return (
    <>
      <SkipLinks />
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
