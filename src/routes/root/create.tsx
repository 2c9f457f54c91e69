import { createFileRoute } from '@tanstack/react-router';
import { CreatePoopPage } from '../../features/create/CreatePoopPage';

export const Route = createFileRoute('/root/create')({ component: CreatePoopPage });
