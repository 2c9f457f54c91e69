import { createRootRouteWithContext } from '@tanstack/react-router';
import { RouteError } from '../components/RouteError';
import { AppShell } from '../features/shell/AppShell';
import { NotFoundPage } from '../features/shell/NotFoundPage';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
