import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/root/create')({ component: () => <ComingSoon title="Create a post" /> });
