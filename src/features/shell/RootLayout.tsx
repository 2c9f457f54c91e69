import Box from '@mui/material/Box';
import { Outlet } from '@tanstack/react-router';
import { RootGuard } from '../auth/RootGuard';
import { OfflineNote } from '../outbox/OfflineNote';
import { BOTTOM_NAV_HEIGHT_PX, BottomNav } from './BottomNav';

/** /root and its children: the guard, the offline note heading every screen, the screen, and the bottom navigation. */
export function RootLayout() {
  return (
    <RootGuard>
      <Box sx={{ pb: `calc(${BOTTOM_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom))` }}>
        <OfflineNote />
        <Outlet />
      </Box>
      <BottomNav />
    </RootGuard>
  );
}
