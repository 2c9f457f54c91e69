import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/ComingSoon';

export const Route = createFileRoute('/root/premium-confirmation')({ component: () => <ComingSoon title="Premium confirmation" /> });
