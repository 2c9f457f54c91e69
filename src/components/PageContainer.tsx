import type { ReactNode } from 'react';
import Container from '@mui/material/Container';

/** The padded, width-limited column every screen sits in. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 3 }}>
      {children}
    </Container>
  );
}
