import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '../../../features/account/ActivityPage';

export const Route = createFileRoute('/root/account/activity')({ component: ActivityPage });
