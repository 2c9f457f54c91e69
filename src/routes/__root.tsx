import { createRootRoute } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound';
import { AppShell } from '../features/shell/AppShell';

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFound,
  errorComponent: NotFound,
});
