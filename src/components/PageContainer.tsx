import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import { Main } from './Main';

/** The padded, width-limited column every screen sits in, inside the page's main landmark. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Main>
      <Container maxWidth="sm" sx={{ py: 3 }}>
        {children}
      </Container>
    </Main>
  );
}
