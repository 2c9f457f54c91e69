import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../../features/account/HelpPage';

export const Route = createFileRoute('/root/account/help')({ component: HelpPage });
