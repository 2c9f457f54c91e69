import { createFileRoute } from '@tanstack/react-router';
import { OnboardingPage } from '../features/onboarding/OnboardingPage';

export const Route = createFileRoute('/onboardPost')({ component: () => <OnboardingPage path="/onboardPost" /> });
