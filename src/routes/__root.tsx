import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { AppShell } from '../features/shell/AppShell';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
