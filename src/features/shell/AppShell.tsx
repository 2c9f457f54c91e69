import { Outlet } from '@tanstack/react-router';
import { ToastHost } from '../../components/toast/ToastHost';
import { LoginWallDialog } from '../auth/LoginWallDialog';
import { OfflineChip } from '../connectivity/OfflineChip';
import { OutboxIndicator } from '../outbox/OutboxIndicator';
import { UpdatePrompt } from '../update/UpdatePrompt';

/** Every page: the route's screen plus the app-wide elements (toasts, offline chip, update prompt, login wall). */
export function AppShell() {
  return (
    <>
      <Outlet />
      <ToastHost />
      <OfflineChip />
      <OutboxIndicator />
      <UpdatePrompt />
      <LoginWallDialog />
    </>
  );
}
