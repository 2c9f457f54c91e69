import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';

/** What the skip link says (issue 64: keyboard users reach a screen's content without the bars before it). */
export const SKIP_LINK_TEXT = 'Skip to main content';

/** Moves the focus to the screen's main landmark (every screen has one), past the bars before it. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.querySelector<HTMLElement>('main');
  if (main === null) return;
  event.preventDefault();
  // Focusable by script only, so Tab goes on from there; no ring around the whole screen.
  main.tabIndex = -1;
  main.style.outline = 'none';
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/** The first stop in the tab order: hidden until it has the focus, then at the top left. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      onClick={skipToMain}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 3,
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus-visible, &:focus': { transform: 'none' },
      }}
    >
      {SKIP_LINK_TEXT}
    </Box>
  );
}
