import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/root/find')({ component: () => <ComingSoon title="Find people" /> });
