import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ADMIN_TEXT as M } from './admin-text';
import { useCurrentUser } from '../../api/me.queries';
import { toast } from '../../components/toast/use-toast';

/** Admin screens (spec section 2): non-admins are sent back to their account screen, and told why. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  if (user === null) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t`Loading your account`} />
      </Box>
    );
  }
  if (!user.admin) return <SentBack />;
  return <>{children}</>;
}

function SentBack() {
  // One toast however often this renders (its group replaces an earlier one).
  useEffect(() => toast.info(M.adminsOnly, 'admins-only'), []);
  return <Navigate to="/root/account" replace />;
}
