import { createFileRoute } from '@tanstack/react-router';
import { premiumPlanQuery } from '../../api/premium.api';
import { PremiumPage } from '../../features/premium/PremiumPage';

export const Route = createFileRoute('/root/premium')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(premiumPlanQuery()),
  component: PremiumPage,
});
