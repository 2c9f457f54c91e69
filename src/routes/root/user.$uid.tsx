import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/root/user/$uid')({ component: () => <ComingSoon title="Profile" /> });
