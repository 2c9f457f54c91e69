import { useCallback } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RETURN_PATH_PARAM, safeReturnPath } from '../../core/return-path';
import { LandingPage } from '../features/landing/LandingPage';

/**
 * `next`: the app screen to open after signing in (a same-origin path; anything else is dropped).
 * `deleted`: set by account deletion, which ends here with a sentence saying so.
 */
export const Route = createFileRoute('/')({
  // `next` always set (undefined when refused): the router keeps search keys a route leaves out, unchecked.
  validateSearch: (search: Record<string, unknown>): { next?: string | undefined; deleted?: 1 | undefined } => ({
    next: safeReturnPath(search[RETURN_PATH_PARAM]),
    deleted: search.deleted === 1 || search.deleted === '1' ? 1 : undefined,
  }),
  component: function Landing() {
    const navigate = useNavigate();
    const enter = useCallback((href: string) => navigate({ href }), [navigate]);
    const { next, deleted } = Route.useSearch();
    return <LandingPage next={next} enter={enter} deleted={deleted === 1} />;
  },
});
