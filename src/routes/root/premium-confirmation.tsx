import { createFileRoute } from '@tanstack/react-router';
import { PremiumConfirmationPage } from '../../features/premium/PremiumConfirmationPage';

export const Route = createFileRoute('/root/premium-confirmation')({ component: PremiumConfirmationPage });
