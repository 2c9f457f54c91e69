import { createFileRoute } from '@tanstack/react-router';
import { DataExportPage } from '../../../features/account/DataExportPage';

export const Route = createFileRoute('/root/account/data')({ component: DataExportPage });
