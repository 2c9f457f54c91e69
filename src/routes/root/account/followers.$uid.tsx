import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../components/ComingSoon';

export const Route = createFileRoute('/root/account/followers/$uid')({ component: () => <ComingSoon title="Followers" /> });
