import Box from '@mui/material/Box';
import { NotFound } from '../../components/NotFound';
import { useAuthState } from '../../state/app.state';
import { BOTTOM_NAV_HEIGHT_PX, BottomNav } from './BottomNav';

/**
 * An unknown address outside /root (/root's own unknown paths show NotFound inside RootLayout):
 * 'Not Found' keeps the app's bottom navigation for a signed-in user, so they are one tap from
 * any screen rather than stranded.
 */
export function NotFoundPage() {
  const { uid } = useAuthState();
  if (uid === null) return <NotFound />;
  return (
    <>
      <Box sx={{ pb: `calc(${BOTTOM_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom))` }}>
        <NotFound />
      </Box>
      <BottomNav />
    </>
  );
}
