import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/root/poop/$id')({ component: () => <ComingSoon title="Poop" /> });
