import { Outlet } from '@tanstack/react-router';
import { ToastHost } from '../../components/toast/ToastHost';
import { OfflineChip } from '../connectivity/OfflineChip';
import { UpdatePrompt } from '../update/UpdatePrompt';

/** Every page: the route's screen plus the app-wide elements (toasts, offline chip, update prompt). */
export function AppShell() {
  return (
    <>
      <Outlet />
      <ToastHost />
      <OfflineChip />
      <UpdatePrompt />
    </>
  );
}
