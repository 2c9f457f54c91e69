import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate } from '@tanstack/react-router';
import { useCurrentUser } from '../../api/me.queries';

/** Admin screens (spec section 2): non-admins are sent back to their account screen. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user === null) {
    return (
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading your account" />
      </Box>
    );
  }
  if (!user.admin) return <Navigate to="/root/account" replace />;
  return <>{children}</>;
}
