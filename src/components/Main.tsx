import { createContext, useContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SystemStyleObject } from '@mui/system';
import type { Theme } from '@mui/material/styles';

/** The id of the page's one `main` landmark, which the skip link leads to. */
export const MAIN_ID = 'main';

const InsideMain = createContext(false);

/**
 * The page's main landmark, `<main id="main">`: the /root shell owns it for its screens, and a
 * screen outside the shell (the landing, the tour, Not Found) has it through PageContainer. Inside
 * another Main it is a plain box, so a page never has two `main`s nor one inside another.
 * Focusable from script (tabIndex -1), so the skip link moves the keyboard's place there.
 */
export function Main({ children, sx }: { children: ReactNode; sx?: SystemStyleObject<Theme> }) {
  const inside = useContext(InsideMain);
  if (inside) return <Box sx={sx}>{children}</Box>;
  return (
    <InsideMain value>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ '&:focus': { outline: 'none' }, ...sx }}>
        {children}
      </Box>
    </InsideMain>
  );
}
