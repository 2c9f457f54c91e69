import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { PageContainer } from './PageContainer';

/** A screen that resolves but is not built yet: its heading and 'Coming soon'. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageContainer>
      <Typography component="h1" variant="h4" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">Coming soon</Typography>
      {children}
    </PageContainer>
  );
}
