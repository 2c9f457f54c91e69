import Box from '@mui/material/Box';
import { Outlet, useMatch } from '@tanstack/react-router';
import { RootGuard } from '../auth/RootGuard';
import { OfflineNote } from '../outbox/OfflineNote';
import { BOTTOM_NAV_HEIGHT_PX, BottomNav } from './BottomNav';

/**
 * /root and its children: the guard, the screen, and the bottom navigation. The offline note
 * heads every screen but the home screen, which shows it under its fixed top bar (HomePage).
 */
export function RootLayout() {
  const home = useMatch({ from: '/root/', shouldThrow: false }) !== undefined;
  return (
    <RootGuard>
      <Box sx={{ pb: `calc(${BOTTOM_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom))` }}>
        {!home && <OfflineNote />}
        <Outlet />
      </Box>
      <BottomNav />
    </RootGuard>
  );
}
