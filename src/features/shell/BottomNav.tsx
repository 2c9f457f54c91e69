import type { ReactElement } from 'react';
import BottomNavigation from '@mui/material/BottomNavigation';
import Paper from '@mui/material/Paper';
import AccountIcon from '@mui/icons-material/AccountCircleOutlined';
import CreateIcon from '@mui/icons-material/AddCircleOutline';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import FindIcon from '@mui/icons-material/Search';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { BottomNavLink } from '../../components/links';
import { useAuthState } from '../../state/app.state';
import { activeTab, NAV_TABS, type NavTarget } from './nav-tabs';
import { BOTTOM_NAV_ID, useBottomNavPresent } from './SkipLinks';

const ICONS: Record<NavTarget, ReactElement> = {
  '/root': <HomeIcon />,
  '/root/map': <MapIcon />,
  '/root/create': <CreateIcon />,
  '/root/find': <FindIcon />,
  '/root/account': <AccountIcon />,
};

/** Height of the bottom navigation, which screens under /root keep clear. */
export const BOTTOM_NAV_HEIGHT_PX = 56;

export function BottomNav() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { uid } = useAuthState();
  const current = activeTab(pathname, uid);
  const { i18n, t } = useLingui();
  useBottomNavPresent();
  return (
    <Paper
      component="nav"
      id={BOTTOM_NAV_ID}
      // The skip link moves the keyboard's place here; Tab then goes to the first tab.
      tabIndex={-1}
      aria-label={t`Main`}
      elevation={3}
      sx={{
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
        '&:focus': { outline: 'none' },
      }}
    >
      <BottomNavigation showLabels value={current} sx={{ height: BOTTOM_NAV_HEIGHT_PX }}>
        {NAV_TABS.map(({ label, to }) => (
          <BottomNavLink
            key={to}
            to={to}
            value={to}
            label={i18n._(label)}
            icon={ICONS[to]}
            // Our own rule (nav-tabs.ts) says which tab is current: the router's would light Account on any /root/account/... path.
            activeOptions={{ exact: true }}
            aria-current={current === to ? 'page' : undefined}
            // MUI's 80 px minimum makes five tabs 400 px: wider than a 390 px phone.
            sx={{ minWidth: 0 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
