import { useEffect, useSyncExternalStore, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useLingui } from '@lingui/react/macro';
import { MAIN_ID } from '../../components/Main';

/** The id of the bottom navigation, the skip link's second target. */
export const BOTTOM_NAV_ID = 'bottom-nav';

// How many bottom navigations are on the page (0 or 1): its skip link shows only when there is one.
let navs = 0;
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changeNavs(by: number): void {
  navs += by;
  for (const listener of listeners) listener();
}

/** Called by the bottom navigation while it is on the page. */
export function useBottomNavPresent(): void {
  useEffect(() => {
    changeNavs(1);
    return () => changeNavs(-1);
  }, []);
}

/** Moves the keyboard's place to `id` (tabIndex -1; focusing scrolls it into view) without touching the address. */
function skipTo(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (target === null) return;
  event.preventDefault();
  target.focus();
}

/**
 * The page's first Tab stops: "Skip to main content" and, where the bottom navigation shows,
 * "Skip to navigation". Off screen until focused, then at the top left over the page.
 */
export function SkipLinks() {
  const { t } = useLingui();
  const hasNav = useSyncExternalStore(
    subscribe,
    () => navs > 0,
    () => false,
  );
  const links = [{ id: MAIN_ID, label: t`Skip to main content` }];
  if (hasNav) links.push({ id: BOTTOM_NAV_ID, label: t`Skip to navigation` });
  return (
    <>
      {links.map(({ id, label }) => (
        <Box
          key={id}
          component="a"
          href={`#${id}`}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => skipTo(event, id)}
          sx={{
            position: 'fixed',
            top: 8,
            left: 8,
            zIndex: (theme) => theme.zIndex.tooltip + 1,
            px: 2,
            py: 1.5,
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'primary.main',
            boxShadow: 6,
            fontWeight: 700,
            textDecoration: 'underline',
            transform: 'translateY(-200%)',
            '&:focus': { transform: 'none', outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {label}
        </Box>
      ))}
    </>
  );
}
