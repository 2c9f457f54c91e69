import { createFileRoute } from '@tanstack/react-router';
import { RootLayout } from '../../features/shell/RootLayout';

export const Route = createFileRoute('/root')({ component: RootLayout });
