import { createFileRoute } from '@tanstack/react-router';
import { OAuthRedirect } from '../features/auth/OAuthRedirect';
import { readIdToken } from '../features/auth/deep-link';

export const Route = createFileRoute('/oauthredirect')({
  validateSearch: (search: Record<string, unknown>): { id_token?: string } => ({ id_token: readIdToken(search) }),
  component: function OAuthRedirectRoute() {
    const { id_token: idToken } = Route.useSearch();
    return <OAuthRedirect idToken={idToken} />;
  },
});
